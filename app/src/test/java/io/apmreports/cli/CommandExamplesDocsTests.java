package io.apmreports.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.PrintStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

import org.commonmark.node.AbstractVisitor;
import org.commonmark.node.FencedCodeBlock;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.ParseResult;

import io.apmreports.testing.Docs;

/**
 * Every command the README and docs/ show in a code block, as a reader would paste it:
 * its command and options are the tool's, and every setting it gives is one the tool
 * binds. A synopsis ({@code [--option=X]}) is told in the command table instead, which
 * {@link CommandsDocsTests} holds.
 */
class CommandExamplesDocsTests {

	private static final String LAUNCHER = "app/target/apm-reports";

	private static final SettingNames NAMES = SettingNames.load();

	/** The tool's command line, parsed again for each command: picocli resets it. */
	private static final CommandLine TOOL = Main.commandLine(new PrintStream(PrintStream.nullOutputStream()),
			new PrintStream(PrintStream.nullOutputStream()));

	@Test
	void everyCommandShownIsOneTheToolTakes() {
		// given every command shown
		List<String> shown = new ArrayList<>();
		for (Path document : Docs.all()) {
			Docs.parse(document).accept(new AbstractVisitor() {
				@Override
				public void visit(FencedCodeBlock block) {
					commands(block.getLiteral()).forEach(command -> shown.add(document + ": " + command));
				}
			});
		}
		assertThat(shown).as("commands shown").hasSizeGreaterThan(20);
		// when each is parsed as the tool parses it
		List<String> refused = new ArrayList<>();
		for (String command : shown) {
			try {
				parse(arguments(command.substring(command.indexOf(LAUNCHER) + LAUNCHER.length())));
			}
			catch (RuntimeException | AssertionError ex) {
				refused.add(command + ": " + ex.getMessage());
			}
		}

		// then
		assertThat(refused).as("commands the tool would refuse").isEmpty();
	}

	@Test
	void aMisspeltCommandOptionOrSettingIsCaught() {
		// given a misspelt command, option and setting, and a setting without a value,
		// then each is refused
		assertThatThrownBy(() -> parse("rnu", "weekly-performance")).isInstanceOf(ParameterException.class);
		assertThatThrownBy(() -> parse("run", "weekly-performance", "--demmo")).hasMessageContaining("--demmo");
		assertThatThrownBy(() -> parse("runs", "--report.ouput-dir=x")).hasMessageContaining("did you mean");
		assertThatThrownBy(() -> parse("runs", "--report.output-dir")).hasMessageContaining("a setting");
	}

	/**
	 * Parses as the tool does before anything starts: the command and its options, then
	 * what is left over, which must be settings the tool binds.
	 */
	private static void parse(String... args) {
		ParseResult last = TOOL.parseArgs(args);
		while (last.hasSubcommand()) {
			last = last.subcommand();
		}
		for (String setting : last.unmatched()) {
			assertThat(setting).as("a setting, --name=value").matches("--[a-z]+\\.[^=]+=.*");
			NAMES.check(setting.substring(2, setting.indexOf('=')));
		}
	}

	/**
	 * The launcher's command lines of a block: continued lines joined, one command of
	 * several per line.
	 */
	private static List<String> commands(String block) {
		List<String> commands = new ArrayList<>();
		for (String line : block.replace("\\\n", " ").split("\n")) {
			for (String command : line.split("&&|;")) {
				String[] words = arguments(command);
				int launcher = Arrays.asList(words).indexOf(LAUNCHER);
				boolean environmentFirst = launcher >= 0
						&& Arrays.stream(words, 0, launcher).allMatch(word -> word.matches("[A-Z_]+=.*"));
				boolean synopsis = Arrays.stream(words).anyMatch(word -> word.startsWith("["));
				if (environmentFirst && !synopsis) {
					commands.add(command.strip());
				}
			}
		}
		return commands;
	}

	/** The words of a shell command line, quotes removed, up to a comment. */
	private static String[] arguments(String line) {
		List<String> words = new ArrayList<>();
		StringBuilder word = null;
		char quote = 0;
		for (char c : line.toCharArray()) {
			if (quote != 0) {
				if (c == quote) {
					quote = 0;
				}
				else {
					word.append(c);
				}
			}
			else if (Character.isWhitespace(c)) {
				if (word != null) {
					words.add(word.toString());
					word = null;
				}
			}
			else if (c == '#' && word == null) {
				break;
			}
			else {
				word = (word != null) ? word : new StringBuilder();
				if (c == '\'' || c == '"') {
					quote = c;
				}
				else {
					word.append(c);
				}
			}
		}
		if (word != null) {
			words.add(word.toString());
		}
		return words.toArray(String[]::new);
	}

}
