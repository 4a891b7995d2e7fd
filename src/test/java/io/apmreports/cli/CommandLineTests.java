package io.apmreports.cli;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class CommandLineTests {

	@ParameterizedTest(name = "{0}")
	@ValueSource(strings = { "--help", "-h", "help", "run --help", "abandon 3 -h" })
	void helpIsAskedForAsANewcomerWouldAskForIt(String args) {
		// when
		CommandLine commandLine = CommandLine.parse(args.split(" "));

		// then
		assertThat(commandLine.command()).isEqualTo("help");
	}

}
