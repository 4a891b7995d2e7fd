package io.apmreports.report;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import io.apmreports.definition.ReportDefinitions;

/**
 * The usage table's columns, with the group's column headed by its tag key: no key a
 * definition may group by repeats a header of usage.csv or of its subtotals.
 */
class UsageColumnsTests {

	@TempDir
	Path reports;

	@Test
	void theGroupsColumnComesLastHeadedByItsKey() {
		assertThat(Columns.usage("team")).last().satisfies(column -> {
			assertThat(column.header()).isEqualTo("team");
			assertThat(column.title()).isEqualTo("Team");
		});
		assertThat(Columns.usage(null)).extracting(Column::header).doesNotContain("team");
	}

	@Test
	void everyHeaderTheGroupsColumnCouldRepeatIsRefusedAsAKey() throws IOException {
		// given every header of the usage table and of its subtotals, but the group's own
		List<String> headers = new ArrayList<>();
		Columns.usage(null).forEach(column -> headers.add(column.header()));
		UsageGroups.columns("team").forEach(column -> headers.add(column.header()));
		headers.remove("team");

		for (String header : headers.stream().distinct().toList()) {
			// when a usage report groups by a tag of that key
			Files.writeString(reports.resolve("usage.yml"), """
					title: Usage
					range: last-month
					time-zone: UTC
					formats: [csv]
					sections: [usage]
					group-by: %s
					""".formatted(header));

			// then it is refused, naming the field
			assertThatThrownBy(() -> new ReportDefinitions(reports).load("usage")).as(header)
				.hasMessageContaining("field 'group-by': '" + header + "' names a column usage.csv");
		}
	}

}
