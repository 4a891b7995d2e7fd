package io.apmreports.web;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Base64;
import java.util.List;

import org.junit.jupiter.api.Test;

import io.apmreports.report.picture.ChartPicture;

class MessagePreviewsTests {

	@Test
	void eachChartTheMessageCarriesAsAPartIsShownAsData() {
		byte[] png = { (byte) 0x89, 'P', 'N', 'G' };
		ChartPicture chart = new ChartPicture("apdex-trend", "Apdex", 1200, 600, png);
		String html = "<p><img src=\"cid:apdex-trend\" width=\"600\"></p><p>cid:apdex-trend in words</p>";

		String inlined = MessagePreviews.inlined(html, List.of(chart));

		assertThat(inlined).isEqualTo("<p><img src=\"data:image/png;base64," + Base64.getEncoder().encodeToString(png)
				+ "\" width=\"600\"></p><p>cid:apdex-trend in words</p>");
	}

}
