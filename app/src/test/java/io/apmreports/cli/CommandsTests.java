package io.apmreports.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.PrintStream;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;
import picocli.CommandLine;
import picocli.CommandLine.Model.ArgSpec;
import picocli.CommandLine.Model.OptionSpec;
import picocli.CommandLine.Model.UsageMessageSpec;

import io.apmreports.run.ReportRequest;
import io.apmreports.run.RequestedRange;
import io.apmreports.sandbox.Faults;

/**
 * The command line as picocli reads it: what each command takes, its help, and one line
 * with exit 2 for every mistake in it, all before anything starts.
 */
class CommandsTests {

	@Test
	void runsArgumentsBecomeTheRequestAndTheSettingsGoToSpring() {
		// when
		RunCommand run = parse(RunCommand.class, "run", "weekly-performance", "--from", "2026-11-02T00:00:00+01:00",
				"--to=2026-11-09T00:00:00+01:00", "--output-dir=out", "--force", "--deliver",
				"--recipients=ops@example.com, cfo@example.com", "--apm.rate-limit=5", "--demo");

		// then
		assertThat(run.selection.request(run.force, run.selection.recipients(), null)).isEqualTo(new ReportRequest(
				"weekly-performance", RequestedRange.typed("2026-11-02T00:00:00+01:00", "2026-11-09T00:00:00+01:00"),
				Path.of("out"), true, List.of("ops@example.com", "cfo@example.com")));
		assertThat(run.deliver).isTrue();
		// the demo's outbox beside its files; its account names and mail's health are
		// no settings of its, which would stand beside or over the user's
		assertThat(run.settings(run.unmatched)).containsExactly("--apm.rate-limit=5", "--apm.demo=true",
				"--apm.account-id=1234567", "--report.event-retention-days=98",
				"--apm.demo-outbox=" + Path.of("out", "outbox"));
	}

	@Test
	void theDemoRunsUnpacedUnlessARateLimitIsGiven() {
		RestartCommand restart = parse(RestartCommand.class, "restart", "3", "--demo");

		assertThat(restart.runId.value).isEqualTo(3);
		assertThat(restart.settings(List.of())).containsExactly("--apm.demo=true", "--apm.account-id=1234567",
				"--apm.rate-limit=0", "--report.event-retention-days=98");
	}

	@Test
	void theDemosOrganisationIsOnDataPlusUnlessARetentionIsGiven() {
		// given the demo run bare, and with a retention of the user's
		RunCommand bare = parse(RunCommand.class, "run", "monthly-cost", "--demo");
		RunCommand given = parse(RunCommand.class, "run", "monthly-cost", "--demo", "--report.event-retention-days=8");

		// then the demo keeps its APM events 98 days, as the sandbox's organisation on
		// Data Plus does, and the user's 8 stands alone
		assertThat(bare.settings(bare.unmatched)).contains("--report.event-retention-days=98");
		assertThat(given.settings(given.unmatched)).filteredOn(s -> s.startsWith("--report.event-retention-days="))
			.containsExactly("--report.event-retention-days=8");
	}

	@ParameterizedTest(name = "{0}")
	@ValueSource(strings = { "--help", "-h", "help", "run --help", "abandon 3 -h", "help run", "validate --help" })
	void helpIsAskedForAsANewcomerWouldAskForIt(String args) {
		// when
		CliRunner.Result result = CliRunner.run(args.split(" "));

		// then
		assertThat(result.exitCode()).isZero();
		assertThat(result.out()).startsWith("Usage: apm-reports");
		assertThat(result.err()).isEmpty();
	}

	@ParameterizedTest(name = "{0}")
	@MethodSource("commands")
	void everyCommandsHelpDescribesEachOptionAndParameter(String name) {
		// given
		CommandLine command = Main.commandLine(System.out, System.err).getSubcommands().get(name);

		// when
		CliRunner.Result result = CliRunner.run(name, "--help");

		// then
		assertThat(result.exitCode()).isZero();
		assertThat(command.getCommandSpec().usageMessage().description()).isNotEmpty();
		for (ArgSpec arg : command.getCommandSpec().args()) {
			assertThat(arg.description()).as(name + " " + arg.paramLabel())
				.isNotEmpty()
				.allMatch(line -> !line.isBlank());
			assertThat(result.out())
				.contains(arg instanceof OptionSpec option ? option.longestName() : arg.paramLabel());
		}
	}

	static Stream<String> commands() {
		return Main.commandLine(System.out, System.err).getSubcommands().keySet().stream();
	}

	@Test
	void withoutACommandItSaysSoAndListsEachCommandWithWhatItDoes() {
		// when
		CliRunner.Result result = CliRunner.run();

		// then
		assertThat(result.exitCode()).isEqualTo(2);
		assertThat(result.err()).startsWith("apm-reports: no command given\nUsage: apm-reports");
		for (Map.Entry<String, CommandLine> command : Main.commandLine(System.out, System.err)
			.getSubcommands()
			.entrySet()) {
			UsageMessageSpec usage = command.getValue().getCommandSpec().usageMessage();
			String summary = usage.header().length > 0 ? usage.header()[0] : usage.description()[0];
			assertThat(result.err()).containsPattern("\n  " + command.getKey() + " +"
					+ summary.substring(0, Math.min(20, summary.length())).replace("(", "\\(").replace("*", "\\*"));
		}
	}

	@ParameterizedTest(name = "{0}")
	@ValueSource(strings = { "--version", "-V", "run --version", "sandbox -V" })
	void theVersionIsThePoms(String args) {
		CliRunner.Result result = CliRunner.run(args.split(" "));

		assertThat(result.exitCode()).isZero();
		assertThat(result.out().strip()).isEqualTo("apm-reports " + Version.version())
			.matches("apm-reports \\d+\\.\\d+\\.\\d+(-SNAPSHOT)?");
	}

	@Test
	void completionPrintsABashCompletionScriptOfTheCommands() {
		CliRunner.Result result = CliRunner.run("completion");

		assertThat(result.exitCode()).isZero();
		assertThat(result.out()).contains("complete -F").contains("apm-reports").contains("--output-dir");
	}

	@ParameterizedTest(name = "{0}")
	@ValueSource(strings = { "help completion", "completion --help" })
	void completionsHelpNamesTheCommandThatThereIs(String args) {
		// when
		CliRunner.Result result = CliRunner.run(args.split(" "));

		// then the line it advises works as printed
		assertThat(result.exitCode()).isZero();
		assertThat(result.out()).startsWith("Usage: apm-reports completion")
			.contains("source <(apm-reports completion)")
			.doesNotContain("generate-completion");
	}

	@ParameterizedTest(name = "{0}")
	@CsvSource(delimiter = '|',
			textBlock = """
					rn weekly-performance                           | apm-reports: unknown command 'rn'                 | apm-reports run
					runz                                            | apm-reports: unknown command 'runz'               | apm-reports run or apm-reports runs
					run weekly-performance --form=2026-11-02T00:00Z | apm-reports: unknown option --form for run        | apm-reports run --from or apm-reports run --force
					preview weekly-performance --dmeo               | apm-reports: unknown option --dmeo for preview    | apm-reports preview --demo
					bench --apps=3 --latncy-ms=5                     | apm-reports: unknown option --latncy-ms for bench | apm-reports bench --latency-ms
					validate --report.definition=x                  | apm-reports: unknown option --report.definition for validate | apm-reports validate --report.definitions
					""")
	void aMisspeltCommandOrOptionGetsTheOneMeantAndExitTwo(String args, String line, String meant) {
		// when
		CliRunner.Result result = CliRunner.run(args.split(" "));

		// then not passed on to Spring, nor anything started
		assertThat(result.exitCode()).isEqualTo(2);
		assertThat(result.err().lines()).containsExactly(line, "Did you mean: " + meant + "?");
		assertThat(result.out()).isEmpty();
	}

	@ParameterizedTest(name = "{0}")
	@CsvSource(delimiter = '|',
			textBlock = """
					runs --limit=abc        | apm-reports: --limit 'abc' is not a whole number
					runs --limit=0          | apm-reports: --limit '0' is not a positive number
					run weekly-performance --output-dir= | apm-reports: invalid value for option '--output-dir': no path given
					show third              | apm-reports: run id 'third' is not a whole number
					restart                 | apm-reports: restart needs <run-id>
					sandbox --port=99999    | apm-reports: --port '99999' is not a port number (0 to 65535)
					sandbox --drop-share=2  | apm-reports: fault option drop-share=2: share '2' is not from 0 to 1
					bench                   | apm-reports: bench needs --apps=N
					bench --apps=3 --latency-ms=-1 | apm-reports: --latency-ms '-1' is not a whole number of at least 0
					bench --apps=3 --source=soap   | apm-reports: --source 'soap' is not one of rest, nrql
					validate --schedule.definitions= | apm-reports: setting schedule.definitions needs a directory: --schedule.definitions=DIR
					validate reports        | apm-reports: unexpected argument 'reports' for validate; see 'apm-reports validate --help'
					--apm.rate-limit=5 runs | apm-reports: unknown option --apm.rate-limit for apm-reports (settings go after the command)
					help bogus              | apm-reports: unknown subcommand 'bogus'.
					""")
	void aBadValueIsOneLineAndExitTwo(String args, String line) {
		CliRunner.Result result = CliRunner.run(args.split(" "));

		assertThat(result.exitCode()).isEqualTo(2);
		assertThat(result.err().lines()).containsExactly(line);
		assertThat(result.out()).isEmpty();
	}

	@Test
	void theSandboxTakesExactlyTheFaultOptionsTheSandboxKnows() {
		CommandLine sandbox = Main.commandLine(System.out, System.err).getSubcommands().get("sandbox");

		assertThat(sandbox.getCommandSpec().options().stream().map(OptionSpec::longestName))
			.containsExactlyInAnyOrderElementsOf(Stream
				.concat(Faults.OPTION_NAMES.stream().map(name -> "--" + name),
						Stream.of("--port", "--help", "--version"))
				.toList());
	}

	@Test
	void theSchedulersHelpTellsThatItServesTheConsole() {
		// given the scheduler's help, as 'scheduler --help' prints it
		CommandLine scheduler = Main.commandLine(System.out, System.err).getSubcommands().get("scheduler");

		// then it says that the console comes with it, and when
		assertThat(String.join(" ", scheduler.getCommandSpec().usageMessage().description()))
			.contains("Serves the console")
			.contains("console.users-file")
			.contains("--demo");
	}

	@Test
	void onlyTheCommandsThatNeedTheJobRepositoryOrTheDeliverySettingsStartSpring() {
		Map<String, CommandLine> commands = Main.commandLine(System.out, System.err).getSubcommands();

		assertThat(commands.entrySet()
			.stream()
			.filter(command -> command.getValue().getCommand() instanceof SpringCommand)
			.map(Map.Entry::getKey)).containsExactlyInAnyOrder("run", "preview", "scheduler", "serve", "runs", "show",
					"deliver", "send-test", "restart", "abandon", "compare-sources", "backfill");
	}

	private static <T> T parse(Class<T> type, String... args) {
		CommandLine commandLine = Main.commandLine(new PrintStream(PrintStream.nullOutputStream()),
				new PrintStream(PrintStream.nullOutputStream()));
		return type.cast(commandLine.parseArgs(args).subcommand().commandSpec().userObject());
	}

}
