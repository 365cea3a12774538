package isocheck.repair;

import java.util.ArrayList;
import java.util.List;

/**
 * A unified diff ({@code diff -u}, three lines of context) of two texts with the same number of
 * lines, as a promotion leaves them: each edit changes a line in place.
 */
public final class UnifiedDiff {

    private static final int CONTEXT = 3;

    private UnifiedDiff() {}

    public static String of(String oldName, String newName, String before, String after) {
        List<String> a = lines(before);
        List<String> b = lines(after);
        if (a.size() != b.size()) throw new IllegalArgumentException("line-preserving edits only");
        List<Integer> changed = new ArrayList<>();
        for (int i = 0; i < a.size(); i++) if (!a.get(i).equals(b.get(i))) changed.add(i);
        StringBuilder out = new StringBuilder();
        if (changed.isEmpty()) return "";
        out.append("--- ").append(oldName).append('\n').append("+++ ").append(newName).append('\n');
        int i = 0;
        while (i < changed.size()) {
            int from = Math.max(0, changed.get(i) - CONTEXT);
            int j = i;
            while (j + 1 < changed.size() && changed.get(j + 1) - changed.get(j) <= 2 * CONTEXT)
                j++;
            int to = Math.min(a.size() - 1, changed.get(j) + CONTEXT);
            int n = to - from + 1;
            out.append("@@ -")
                    .append(from + 1)
                    .append(',')
                    .append(n)
                    .append(" +")
                    .append(from + 1)
                    .append(',')
                    .append(n)
                    .append(" @@\n");
            int l = from;
            while (l <= to) {
                if (a.get(l).equals(b.get(l))) {
                    out.append(' ').append(a.get(l++)).append('\n');
                    continue;
                }
                int end = l;
                while (end <= to && !a.get(end).equals(b.get(end))) end++;
                for (int m = l; m < end; m++) out.append('-').append(a.get(m)).append('\n');
                for (int m = l; m < end; m++) out.append('+').append(b.get(m)).append('\n');
                l = end;
            }
            i = j + 1;
        }
        return out.toString();
    }

    private static List<String> lines(String text) {
        List<String> out = new ArrayList<>(List.of(text.split("\n", -1)));
        if (!out.isEmpty() && out.get(out.size() - 1).isEmpty()) out.remove(out.size() - 1);
        return out;
    }
}
