package io.apmreports.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.PrintStream;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.Stream;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;
import picocli.CommandLine.Model.ArgSpec;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;

import io.apmreports.testing.Docs;

/**
 * The command table of docs/commands.md against the commands themselves, so that neither
 * drifts: every command has a row, every row a command, and a command's rows name each of
 * its options and parameters.
 */
class CommandsDocsTests {

	private static final Pattern FIRST_CODE = Pattern.compile("^\\| `([^`]+)`");

	/** The rows of the table, by the command (or top-level option) each starts with. */
	private static Map<String, String> rows;

	private static CommandSpec top;

	@BeforeAll
	static void read() {
		rows = Docs.section("docs/commands.md", "Commands")
			.lines()
			.filter(line -> line.startsWith("| `"))
			.collect(Collectors.groupingBy(CommandsDocsTests::command, Collectors.joining("\n")));
		PrintStream nowhere = new PrintStream(PrintStream.nullOutputStream());
		top = Main.commandLine(nowhere, nowhere).getCommandSpec();
	}

	private static String command(String row) {
		Matcher code = FIRST_CODE.matcher(row);
		assertThat(code.find()).as(row).isTrue();
		return code.group(1).split(" ")[0];
	}

	@Test
	void everyCommandHasARowAndEveryRowACommand() {
		List<String> topOptions = top.options()
			.stream()
			.filter(option -> !option.usageHelp())
			.map(OptionSpec::longestName)
			.toList();

		assertThat(rows.keySet()).containsExactlyInAnyOrderElementsOf(
				Stream.concat(top.subcommands().keySet().stream(), topOptions.stream()).toList());
	}

	@Test
	void everyCommandsRowsNameEachOfItsOptionsAndParameters() {
		for (Map.Entry<String, CommandLine> command : top.subcommands().entrySet()) {
			String row = rows.getOrDefault(command.getKey(), "");
			for (ArgSpec arg : command.getValue().getCommandSpec().args()) {
				boolean standard = arg instanceof OptionSpec option && (option.usageHelp() || option.versionHelp());
				String name = arg instanceof OptionSpec option ? option.longestName() : arg.paramLabel();
				// the whole name: --rate-limit is not --rate-limit-x
				assertThat(standard || Pattern.compile(Pattern.quote(name) + "(?![\\w-])").matcher(row).find())
					.as(command.getKey() + " " + name + " in the rows of the command in docs/commands.md")
					.isTrue();
			}
		}
	}

}
