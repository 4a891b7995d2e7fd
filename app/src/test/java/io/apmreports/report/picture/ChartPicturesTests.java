package io.apmreports.report.picture;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.offset;

import java.awt.image.BufferedImage;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.time.OffsetDateTime;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;

import javax.imageio.ImageIO;

import org.jfree.data.category.DefaultCategoryDataset;
import org.jfree.data.xy.XYSeries;
import org.jfree.data.xy.XYSeriesCollection;
import org.junit.jupiter.api.Test;

import io.apmreports.report.ChartData;
import io.apmreports.staging.TrendPoint;

class ChartPicturesTests {

	private static final OffsetDateTime START = OffsetDateTime.of(2026, 11, 9, 0, 0, 0, 0, ZoneOffset.UTC);

	@Test
	void everyChartIsAPngOfItsFixedSize() throws IOException {
		// given two applications with every figure
		ChartData data = new ChartData(List.of(series("Checkout", 1L, 120.0, 130.0), series("Search", 2L, 80.0, 90.0)),
				List.of(components("Checkout", 50.0), components("Search", 30.0)),
				List.of(new ChartData.Scores("Checkout", 0.93, 0.01), new ChartData.Scores("Search", 0.7, 0.05)));

		// when
		List<ChartPicture> pictures = ChartPictures.render(data, ZoneId.of("Europe/Berlin"));

		// then
		assertThat(pictures).extracting(ChartPicture::name)
			.containsExactly("response-time", "throughput", "components", "scores");
		for (ChartPicture picture : pictures) {
			BufferedImage image = ImageIO.read(new ByteArrayInputStream(picture.png()));
			int layoutHeight = picture.name().equals("components") || picture.name().equals("scores")
					? ChartPictures.BAR_HEIGHT : ChartPictures.LINE_HEIGHT;
			assertThat(image).as(picture.name()).isNotNull();
			assertThat(image.getWidth()).isEqualTo(picture.width()).isEqualTo(600 * 2);
			assertThat(image.getHeight()).isEqualTo(picture.height()).isEqualTo(layoutHeight * 2);
		}
	}

	@Test
	void aChartWithoutDataIsLeftOut() {
		// given a usage report's chart data: nothing
		ChartData data = new ChartData(List.of(), List.of(), List.of());

		// when
		List<ChartPicture> pictures = ChartPictures.render(data, ZoneId.of("UTC"));

		// then
		assertThat(pictures).isEmpty();
	}

	@Test
	void anAbsentSliceIsAGapInTheLineNotAZero() {
		// given a series whose middle slice has no response time
		ChartData.Series series = series("Checkout", 1L, 120.0, null, 130.0);

		// when
		XYSeriesCollection dataset = TrendCharts.dataset(List.of(series), TrendPoint::responseTimeMs);

		// then
		XYSeries line = dataset.getSeries(0);
		assertThat(line.getItemCount()).isEqualTo(3);
		assertThat(line.getY(0)).isEqualTo(120.0);
		assertThat(line.getY(1)).isNull();
		assertThat(line.getY(2)).isEqualTo(130.0);
		assertThat(line.getX(1).longValue()).isEqualTo(START.plusHours(1).toInstant().toEpochMilli());
	}

	@Test
	void twoApplicationsOfTheSameNameAreTwoLines() {
		// given
		List<ChartData.Series> series = List.of(series("Web", 1L, 1.0), series("Web", 2L, 2.0));

		// when
		XYSeriesCollection dataset = TrendCharts.dataset(series, TrendPoint::responseTimeMs);

		// then
		assertThat(dataset.getSeriesCount()).isEqualTo(2);
		assertThat(dataset.getSeriesKey(0)).isEqualTo("Web");
		assertThat(dataset.getSeriesKey(1)).isEqualTo("Web (2)");
	}

	@Test
	void anAbsentComponentIsNoBarAndAPartNoApplicationHasIsLeftOut() {
		// given Search has no datastore time, and neither has Ruby database time
		ChartData.Components checkout = new ChartData.Components("Checkout", 50.0, 10.0, 5.0, null, 0.0, null, 1.0);
		ChartData.Components search = new ChartData.Components("Search", 30.0, null, 5.0, null, 0.0, null, 1.0);

		// when
		DefaultCategoryDataset dataset = BarCharts.components(List.of(checkout, search));

		// then
		assertThat(dataset.getRowKeys()).containsExactly("Application time", "Datastore", "Database", "External");
		// request queuing is no part of web transaction time: apart
		assertThat(BarCharts.queuing(List.of(checkout, search)).getValue("Request queuing", "Search")).isEqualTo(1.0);
		assertThat(dataset.getValue("Datastore", "Search")).isNull();
		assertThat(dataset.getValue("Datastore", "Checkout")).isEqualTo(10.0);
		assertThat(dataset.getValue("External", "Search")).isEqualTo(0.0);
	}

	@Test
	void anAbsentScoreIsNoBarAndTheErrorRateIsInPercent() {
		// given
		List<ChartData.Scores> scores = List.of(new ChartData.Scores("Checkout", null, 0.012),
				new ChartData.Scores("Idle", 0.5, null));

		// when
		DefaultCategoryDataset apdex = BarCharts.scores(scores, true);
		DefaultCategoryDataset errors = BarCharts.scores(scores, false);

		// then
		assertThat(apdex.getValue(BarCharts.APDEX, "Checkout")).isNull();
		assertThat(apdex.getValue(BarCharts.APDEX, "Idle")).isEqualTo(0.5);
		assertThat(errors.getValue(BarCharts.ERROR_RATE, "Checkout").doubleValue()).isCloseTo(1.2, offset(1e-9));
		assertThat(errors.getValue(BarCharts.ERROR_RATE, "Idle")).isNull();
	}

	/** Hourly slices from {@link #START}, throughput ten times the response time. */
	static ChartData.Series series(String name, long id, Double... responseTimes) {
		List<TrendPoint> points = new ArrayList<>();
		for (int i = 0; i < responseTimes.length; i++) {
			Double time = responseTimes[i];
			points.add(new TrendPoint(id, name, START.plusHours(i), START.plusHours(i + 1), time,
					time == null ? null : time * 10));
		}
		return new ChartData.Series(name, points);
	}

	static ChartData.Components components(String name, Double applicationMs) {
		return new ChartData.Components(name, applicationMs, 10.0, 20.0, null, 5.0, 1.0, 2.0);
	}

}
