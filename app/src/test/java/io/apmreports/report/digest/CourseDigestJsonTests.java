package io.apmreports.report.digest;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

import io.apmreports.testing.CourseFixtures;
import io.apmreports.testing.OverviewFixtures;

/** A resend shows the same course: it travels in the kept digest, gaps and all. */
class CourseDigestJsonTests {

	@Test
	void theCoursesAndUsualsReadBackAsTheyWereWritten() {
		RunDigest digest = OverviewFixtures.email(CourseFixtures.weekly());

		RunDigest read = DigestJson.read(DigestJson.write(digest), name -> new byte[0]);

		assertThat(read.overview()).isEqualTo(digest.overview());
		assertThat(read.overview().headlines().get(3).course()).isEqualTo(CourseFixtures.RESPONSE_COURSE);
		assertThat(read.overview().regressions().get(0).usual()).isEqualTo(CourseFixtures.CHECKOUT_USUAL);
	}

}
