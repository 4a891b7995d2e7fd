package io.apmreports.job;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import java.time.OffsetDateTime;
import java.time.ZoneId;
import java.util.List;
import java.util.Set;

import org.junit.jupiter.api.Test;

import io.apmreports.definition.ApplicationFilter;
import io.apmreports.definition.Attachment;
import io.apmreports.definition.EmailTemplate;
import io.apmreports.definition.ReportDefinition;
import io.apmreports.definition.ReportFormat;
import io.apmreports.definition.Section;
import io.apmreports.delivery.DeliveryException;
import io.apmreports.range.RangeSpec;
import io.apmreports.range.TimeRange;
import io.apmreports.report.ReportFiles;

class MessageFilesTests {

	private static final ZoneId BERLIN = ZoneId.of("Europe/Berlin");

	private static final ReportFiles FILES = new ReportFiles(Path.of("out"), "monthly-usage", null, "1234567",
			new TimeRange(OffsetDateTime.parse("2026-10-01T00:00:00+02:00"),
					OffsetDateTime.parse("2026-11-01T00:00:00+01:00")),
			BERLIN);

	private static final Path DIRECTORY = FILES.directory();

	@Test
	void onlyTheFilesTheDefinitionChoosesAreAttached() {
		// given a usage report that writes its workbook and usage.csv, and chooses both
		List<Path> published = List.of(DIRECTORY.resolve("usage.csv"),
				DIRECTORY.resolve("monthly-usage_1234567_2026-10-01_2026-11-01.xlsx"),
				DIRECTORY.resolve("summary.csv"));

		// when
		List<Path> chosen = MessageFiles.chosen(definition(Set.of(Attachment.XLSX, Attachment.USAGE)), FILES,
				published);

		// then
		assertThat(chosen).containsExactly(DIRECTORY.resolve("monthly-usage_1234567_2026-10-01_2026-11-01.xlsx"),
				DIRECTORY.resolve("usage.csv"));
	}

	@Test
	void aChosenFileThatIsNotThereStopsTheDelivery() {
		// given the PDF is chosen but was not published
		List<Path> published = List.of(DIRECTORY.resolve("usage.csv"));

		// when / then
		assertThatThrownBy(() -> MessageFiles.chosen(definition(Set.of(Attachment.PDF)), FILES, published))
			.isInstanceOf(DeliveryException.class)
			.hasMessageContaining("monthly-usage_1234567_2026-10-01_2026-11-01.pdf is missing");
	}

	private static ReportDefinition definition(Set<Attachment> attachments) {
		return new ReportDefinition("monthly-usage", "Monthly usage", ApplicationFilter.all(),
				RangeSpec.parse("last-month").orElseThrow(), BERLIN,
				Set.of(ReportFormat.CSV, ReportFormat.XLSX, ReportFormat.PDF), Set.of(Section.USAGE),
				EmailTemplate.DEFAULT, null, attachments);
	}

}
