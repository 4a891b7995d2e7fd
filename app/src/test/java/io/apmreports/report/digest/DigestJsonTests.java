package io.apmreports.report.digest;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

import io.apmreports.report.Overview;
import io.apmreports.report.SendFacts;
import io.apmreports.report.picture.ChartPicture;
import io.apmreports.report.email.EmailBody;
import io.apmreports.testing.OverviewFixtures;

class DigestJsonTests {

	@Test
	void aKeptDigestIsTheDigestThatWasWrittenItsPicturesBytesReadFromTheirFiles() {
		// given a digest with every kind of figure, a picture and its written files
		byte[] png = "png bytes".getBytes(StandardCharsets.US_ASCII);
		RunDigest digest = digest(OverviewFixtures.weekly(), png);

		// when it is kept as text and read back, its pictures from files
		String json = DigestJson.write(digest);
		Map<String, byte[]> files = new HashMap<>(Map.of("throughput.png", png));
		RunDigest read = DigestJson.read(json, files::get);

		// then the text holds no picture, and what was read is what was written
		assertThat(json).doesNotContain("png bytes").doesNotContain("cG5nIGJ5dGVz");
		assertThat(read.withCharts(List.of())).isEqualTo(digest.withCharts(List.of()));
		assertThat(read.charts()).singleElement().satisfies(chart -> {
			assertThat(chart.name()).isEqualTo("throughput");
			assertThat(chart.width()).isEqualTo(640);
			assertThat(chart.png()).isEqualTo(png);
		});
	}

	@Test
	void everyOverviewRendersTheSameAfterItWasKept() {
		for (Overview overview : List.of(OverviewFixtures.weekly(), OverviewFixtures.finance(),
				OverviewFixtures.needingALook(), OverviewFixtures.withFailed(3))) {
			// given
			RunDigest digest = digest(overview, new byte[] { 1 });

			// when
			RunDigest read = DigestJson.read(DigestJson.write(digest), name -> new byte[] { 1 });

			// then
			assertThat(read.overview()).isEqualTo(overview);
			assertThat(EmailBody.plain(read)).isEqualTo(EmailBody.plain(digest));
			assertThat(EmailBody.html(read)).isEqualTo(EmailBody.html(digest));
		}
	}

	private static RunDigest digest(Overview overview, byte[] png) {
		RunDigest email = OverviewFixtures.email(overview);
		return new RunDigest(email.report(), email.identity(), email.title(), email.subject(), email.intro(),
				email.rangeText(), email.account(), email.previousPeriod(), overview,
				List.of(new ChartPicture("throughput", "Web throughput", 640, 320, png)), email.attachments(),
				email.scope(), email.filesAt(), email.filesOnServer(),
				List.of(new RunDigest.WrittenFile(Path.of("/out/summary.csv"), 2602)),
				new SendFacts(true, 0.92, 0.012, 230.0, 0.8, 0.05, 900.0));
	}

}
