package io.apmreports.source;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.stream.LongStream;

import org.junit.jupiter.api.Test;

import io.apmreports.failure.Failures;
import io.apmreports.failure.LastingFailure;
import io.apmreports.failure.RunFailedException;

/** The line a part that could not be fetched is told in. */
class PartNotFetchedTests {

	@Test
	void onePartIsNamedWithWhatTheServiceSaid() {
		// given a refusal, on two lines as a service may answer, which its exception
		// keeps on one
		RunFailedException refused = new RunFailedException("GET /v2/x answered 422 (Unprocessable)\nmore");

		// when a trend of one application is told
		PartNotFetched failure = new PartNotFetched("the trend",
				PartNotFetched.applications(List.of(application(1004, "Storefront"))), refused);

		// then one line names the part, the application and the refusal, and keeps it as
		// the cause; it is a run's failure a relaunch may mend, told to the user as it is
		assertThat(failure).hasMessage(
				"the trend could not be fetched for application Storefront (1004): GET /v2/x answered 422 (Unprocessable)\\nmore")
			.hasCause(refused);
		assertThat(LastingFailure.in(failure)).isFalse();
		assertThat(Failures.forUser(failure)).isEqualTo(failure.getMessage());
	}

	@Test
	void manyApplicationsAreNamedFirstThenCounted() {
		// given two, three and thirteen applications, one name on two lines
		List<StagedApplication> thirteen = LongStream.rangeClosed(1001, 1013)
			.mapToObj(id -> application(id, "app\n" + id))
			.toList();

		// then two and three are named, thirteen named up to three and counted, each name
		// on one line
		assertThat(PartNotFetched.applications(thirteen.subList(0, 2)))
			.isEqualTo("applications app 1001 (1001) and app 1002 (1002)");
		assertThat(PartNotFetched.applications(thirteen.subList(0, 3)))
			.isEqualTo("applications app 1001 (1001), app 1002 (1002) and app 1003 (1003)");
		assertThat(PartNotFetched.applications(thirteen))
			.isEqualTo("applications app 1001 (1001), app 1002 (1002), app 1003 (1003) and 10 more");
		assertThat(PartNotFetched.applicationIds(List.of(1001L, 1004L))).isEqualTo("applications 1001 and 1004");
		assertThat(PartNotFetched.applicationIds(List.of(1001L))).isEqualTo("application 1001");
	}

	private static StagedApplication application(long id, String name) {
		return new StagedApplication(id, name, "java", "green", true, 1, 1);
	}

}
