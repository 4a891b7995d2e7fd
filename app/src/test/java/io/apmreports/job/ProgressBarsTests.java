package io.apmreports.job;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;

import org.junit.jupiter.api.Test;

class ProgressBarsTests {

	private static final String UP_TWO = "\033[2F";

	private final ByteArrayOutputStream out = new ByteArrayOutputStream();

	private final ProgressBars bars = new ProgressBars(new PrintStream(out, true, StandardCharsets.UTF_8));

	@Test
	void stepsSideBySideKeepALineEachRedrawnInPlace() {
		// given the trends and the hosts drawn
		bars.show(7, "trends 1");
		bars.show(8, "hosts 1");
		out.reset();

		// when the trends move on
		bars.show(7, "trends 2");

		// then both lines are drawn again over the two drawn before, the trends first
		assertThat(lines()).containsExactly(UP_TWO + "trends 2", "hosts 1");
	}

	@Test
	void aStepsLastLineStaysAboveTheBarsStillGoingOn() {
		// given the trends and the hosts drawn
		bars.show(7, "trends 1");
		bars.show(8, "hosts 1");

		// when the trends end
		bars.end(7, "trends done");
		out.reset();
		bars.show(8, "hosts 2");

		// then their last line was drawn over the bars once, and only the hosts are
		// redrawn after
		assertThat(lines()).containsExactly("\033[1F" + "hosts 2");
	}

	/** The lines drawn, without the clearing and wrapping codes around them. */
	private String[] lines() {
		return out.toString(StandardCharsets.UTF_8)
			.replace("\033[?7l", "")
			.replace("\033[?7h", "")
			.replace("\033[K", "")
			.split("\n");
	}

}
