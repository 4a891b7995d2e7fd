package io.apmreports.report.email;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.Test;

import io.apmreports.report.ServiceLevelFixtures;
import io.apmreports.report.ServiceLevelReport;
import io.apmreports.report.digest.RunDigest;

class ServiceLevelEmailTests {

	static RunDigest email(ServiceLevelReport report) {
		return new RunDigest("monthly-service-levels", "identity", "Monthly service levels", "Subject", "Hello teams.",
				"Thu 1 Oct to Sat 31 Oct 2026, UTC", "production (account 1234567)", "last month",
				ServiceLevelFixtures.overview(report), List.of(), List.of(Path.of("report.xlsx")));
	}

	@Test
	void theEmailSaysTheWorstBudgetFirstInItsColourAndNoApplicationsFigures() {
		RunDigest email = email(ServiceLevelFixtures.october());

		assertThat(EmailBody.plain(email))
			.containsSubsequence("Service levels in October 2026\n",
					"- [red] Checkout availability (Checkout Service) spent 140 % of its error budget in October 2026: "
							+ "99.86 % against 99.9 %\n",
					"- [yellow] Login success used 80 %", "- [green] Search API latency used 20 %",
					"3 service levels on 3 applications")
			.doesNotContain("0 applications", "Regressions");
		assertThat(EmailBody.html(email))
			.contains("border-left:4px solid " + EmailHtml.RED,
					"<b style=\"color:" + EmailHtml.RED + ";\">red</b> "
							+ "Checkout availability (Checkout Service) spent 140 % of its error budget")
			.doesNotContain("0 applications", "Regressions");
	}

	@Test
	void throughRestTheEmailSaysServiceLevelsNeedNrql() {
		assertThat(EmailBody.plain(email(ServiceLevelFixtures.rest())))
			.contains("Service levels need NRQL over NerdGraph; this report reads REST v2");
	}

}
