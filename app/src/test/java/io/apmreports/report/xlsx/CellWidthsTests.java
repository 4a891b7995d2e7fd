package io.apmreports.report.xlsx;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.OffsetDateTime;

import org.junit.jupiter.api.Test;

import io.apmreports.formula.Kind;

class CellWidthsTests {

	@Test
	void aNumberTakesTheCharactersItsFormatShows() {
		assertThat(CellWidths.of(1234567.25, Kind.RATE)).isEqualTo("1,234,567.3".length());
		assertThat(CellWidths.of(-12.5, Kind.MILLISECONDS)).isEqualTo("-12.5".length());
		assertThat(CellWidths.of(0.0125, Kind.FRACTION)).isEqualTo("1.25%".length());
		assertThat(CellWidths.of(50.0, Kind.PERCENT)).isEqualTo("+50.0%".length());
		assertThat(CellWidths.of(1001L, Kind.ID)).isEqualTo("1001".length());
		assertThat(CellWidths.of(12345, Kind.INTEGER)).isEqualTo("12,345".length());
	}

	@Test
	void textsTimesAndFlagsTakeWhatTheyShow() {
		assertThat(CellWidths.of("Checkout Service", Kind.TEXT)).isEqualTo("Checkout Service".length());
		assertThat(CellWidths.of(OffsetDateTime.parse("2026-11-09T00:00:00Z"), Kind.TIME))
			.isEqualTo("2026-11-09 00:00".length());
		assertThat(CellWidths.of(Boolean.TRUE, Kind.BOOLEAN)).isEqualTo("Yes".length());
		assertThat(CellWidths.of(null, Kind.TEXT)).isZero();
	}

	@Test
	void aHeadingIsAsNarrowAsItsLinesAllowWithoutBreakingAWord() {
		// "Web transaction" over "time (ms)"; on three lines "transaction" is the widest
		assertThat(CellWidths.heading("Web transaction time (ms)", 2)).isEqualTo("Web transaction".length());
		assertThat(CellWidths.heading("Web transaction time (ms)", 3)).isEqualTo("transaction".length());
		assertThat(CellWidths.heading("Change %", 3)).isEqualTo("Change %".length());
	}

	@Test
	void linesCountAWrappedTextAtWordBoundaries() {
		assertThat(CellWidths.lines("a bb ccc", 4)).isEqualTo(2);
		assertThat(CellWidths.lines("a bb ccc", 8)).isEqualTo(1);
		assertThat(CellWidths.lines("a bb ccc", 3)).isEqualTo(3);
	}

}
