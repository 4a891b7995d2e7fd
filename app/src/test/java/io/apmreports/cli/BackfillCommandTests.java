package io.apmreports.cli;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * {@code backfill}'s mistakes, each one line with exit 2 before anything starts, and its
 * help.
 */
class BackfillCommandTests {

	@ParameterizedTest(name = "{0}")
	@CsvSource(delimiter = '|',
			textBlock = """
					backfill                                   | apm-reports: backfill needs <report>
					backfill weekly-performance --periods=0    | apm-reports: --periods 0 is not a number of periods from 1 to 60
					backfill weekly-performance --periods=61   | apm-reports: --periods 61 is not a number of periods from 1 to 60
					backfill nope --demo                       | apm-reports: unknown report 'nope': no file reports/nope.yml (available: daily-ingest, monthly-cost, monthly-service-levels, monthly-usage, weekly-performance)
					""")
	void aMistakeIsOneLineAndExitTwo(String args, String line) {
		CliRunner.Result result = CliRunner.run(args.split(" "));

		assertThat(result.exitCode()).as(result.all()).isEqualTo(2);
		assertThat(result.err().lines()).containsExactly(line);
		assertThat(result.out()).isEmpty();
	}

	@Test
	void helpNamesEveryOptionAndWhatThePeriodsLinesSay() {
		CliRunner.Result result = CliRunner.run("backfill", "--help");

		assertThat(result.exitCode()).isZero();
		assertThat(result.out()).contains("<report>", "--periods", "--from", "--to", "--team", "--demo",
				"where the vendor still holds their figures", "left as it is");
	}

}
