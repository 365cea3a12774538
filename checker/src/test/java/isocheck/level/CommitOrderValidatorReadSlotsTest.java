package isocheck.level;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * {@link CommitOrderValidator#readSlots}: for every read, the slot of its key in its writer's write
 * set (or -1 when the writer does not write the key) — what a scan of that write set answers.
 * Random write sets (one writer of every key, like an initial transaction), reads of written and
 * unwritten keys, writers with no reads.
 */
class CommitOrderValidatorReadSlotsTest {

    @Test
    void readSlotsAnswerAsAScanOfTheWritersWriteSet() {
        Random r = new Random(4242);
        int found = 0;
        int none = 0;
        for (int round = 0; round < 300; round++) {
            int n = 1 + r.nextInt(30);
            int keys = 1 + r.nextInt(40);
            int[] wsStart = new int[n + 1];
            int[] wsKey = new int[n * keys];
            int w = 0;
            for (int t = 0; t < n; t++) {
                wsStart[t] = w;
                boolean all = t == 0 && r.nextBoolean();
                for (int x = 0; x < keys; x++) { // deduplicated, in a shuffled order below
                    if (all || r.nextInt(4) == 0) {
                        wsKey[w++] = x;
                    }
                }
                for (int i = w - 1; i > wsStart[t]; i--) {
                    int j = wsStart[t] + r.nextInt(i - wsStart[t] + 1);
                    int tmp = wsKey[i];
                    wsKey[i] = wsKey[j];
                    wsKey[j] = tmp;
                }
            }
            wsStart[n] = w;
            int[] readStart = new int[n + 1];
            int[] rKey = new int[n * 4];
            int[] rWriter = new int[n * 4];
            int m = 0;
            for (int t = 0; t < n; t++) {
                readStart[t] = m;
                int k = r.nextInt(4);
                for (int i = 0; i < k; i++) {
                    rWriter[m] = r.nextInt(n);
                    rKey[m++] = r.nextInt(keys);
                }
            }
            readStart[n] = m;
            int[] expected = new int[m];
            for (int i = 0; i < m; i++) {
                expected[i] = -1;
                for (int j = wsStart[rWriter[i]]; j < wsStart[rWriter[i] + 1]; j++) {
                    if (wsKey[j] == rKey[i]) {
                        expected[i] = j;
                        break;
                    }
                }
                found += expected[i] >= 0 ? 1 : 0;
                none += expected[i] < 0 ? 1 : 0;
            }
            assertArrayEquals(
                    expected,
                    CommitOrderValidator.readSlots(
                            n, keys, readStart, rKey, rWriter, wsStart, wsKey),
                    "round " + round);
        }
        assertTrue(found >= 500 && none >= 500, found + " / " + none);
    }
}
