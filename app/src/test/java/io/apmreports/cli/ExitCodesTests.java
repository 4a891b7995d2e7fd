package io.apmreports.cli;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import org.springframework.boot.web.server.PortInUseException;
import org.springframework.context.ApplicationContextException;

/**
 * What a failure to start is told as, and with which exit code.
 */
class ExitCodesTests {

	@Test
	void aPortInUseNamesTheConsolesPortAndTheManagementPortAlike() {
		// given the console's port held by another program, as a start fails on it
		Throwable failure = new ApplicationContextException("Unable to start web server", new PortInUseException(8080));

		// when
		ExitCodes.Verdict verdict = ExitCodes.verdict(failure);

		// then bad input, with both settings a user may change, and no class name
		assertThat(verdict.exitCode()).isEqualTo(ExitCodes.BAD_INPUT);
		assertThat(verdict.message()).startsWith("port 8080 is in use by another program")
			.contains("--server.port=PORT")
			.contains("--management.server.port=PORT")
			.doesNotContain("Exception");
	}

}
