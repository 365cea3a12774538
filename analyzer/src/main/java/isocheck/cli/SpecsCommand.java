package isocheck.cli;

import isocheck.spec.EntailmentOrder;
import isocheck.spec.SpecLibrary;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;

/** {@code isocheck specs}: the consistency specs and their entailment order, computed by Z3. */
@Command(
        name = "specs",
        mixinStandardHelpOptions = true,
        versionProvider = VersionProvider.class,
        description = {
            "List the consistency specs and their entailment order.",
            "",
            "The built-in specs (specs/*.spec) plus those in --spec-dir. A entails B when "
                    + "phi_basic and A and not B is unsatisfiable; Z3 decides every pair, nothing is hard-coded."
        })
public final class SpecsCommand implements Callable<Integer> {

    @picocli.CommandLine.Spec CommandSpec spec;

    @Option(
            names = "--spec-dir",
            paramLabel = "DIR",
            description = "a directory of user *.spec files to add to the built-ins")
    Path specDir;

    @Option(
            names = "--counterexamples",
            description =
                    "also show, for each pair that does not entail, a small execution that separates them")
    boolean counterexamples;

    @Option(
            names = "--timeout",
            paramLabel = "SECONDS",
            description =
                    "time limit for the whole command (reading the specs "
                            + "and every entailment check); when it runs out the answer is unknown (exit 3) with what was left")
    Integer timeout;

    @Override
    public Integer call() {
        if (timeout != null && timeout < 1)
            throw new UserError("--timeout must be a positive number of seconds, not " + timeout);
        if (timeout != null) CommandDeadline.start(timeout, "--timeout " + timeout);
        CommandDeadline.stage("reading the specs");
        SpecLibrary library = Inputs.loadSpecs(specDir);
        CommandDeadline.stage(
                "the entailment checks of "
                        + library.specs().size()
                        + " specs ("
                        + library.specs().size() * (library.specs().size() - 1)
                        + " ordered pairs)");
        var out = spec.commandLine().getOut();
        EntailmentOrder order = EntailmentOrder.compute(library.specs());
        out.print(order.render());
        if (counterexamples) {
            CommandDeadline.stage("the counterexamples");
            out.println();
            out.print(order.renderCounterexamples());
        }
        out.flush();
        return order.unknowns().isEmpty() ? ExitCode.OK : ExitCode.UNKNOWN;
    }
}
