package io.apmreports.job;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.batch.core.job.JobExecution;
import org.springframework.batch.core.job.JobInstance;
import org.springframework.batch.core.job.parameters.JobParameters;
import org.springframework.batch.core.repository.support.ResourcelessJobRepository;

import io.apmreports.definition.ApplicationFilter;
import io.apmreports.definition.ReportDefinition;
import io.apmreports.definition.ReportDefinitions;
import io.apmreports.definition.Selections;
import io.apmreports.definition.SendWhen;
import io.apmreports.range.TimeRange;
import io.apmreports.source.Accounts;
import io.apmreports.testing.TestSandbox;

class LaunchedDefinitionTests {

	private static final TimeRange WEEK = TimeRange.parse("2026-11-09T00:00:00+01:00", "2026-11-16T00:00:00+01:00");

	private final ReportDefinitions definitions = new ReportDefinitions(Path.of("reports"));

	@Test
	void aTeamsRunReadsTheSelectionItWasFirstLaunchedWithNotTheOneOfALaterLaunch() {
		// given a team's run whose first execution kept the checkout tag, and a relaunch
		// whose parameters carry the schedule's selection as edited since
		ApplicationFilter first = new ApplicationFilter(null, List.of(), List.of(), Map.of("team", List.of("checkout")),
				null);
		ApplicationFilter edited = new ApplicationFilter(null, List.of(1001L));
		LaunchedDefinition launched = new LaunchedDefinition(definitions, null, null);
		JobExecution firstExecution = execution(1, first);
		firstExecution.getExecutionContext()
			.putString(LaunchedDefinition.DEFINITION_KEY, definitions.text("weekly-performance"));
		firstExecution.getExecutionContext()
			.putString(LaunchedDefinition.TEAM_APPLICATIONS_KEY, Selections.text(first));
		JobExecution relaunch = execution(2, edited);
		relaunch.setExecutionContext(firstExecution.getExecutionContext());

		// when
		ReportDefinition definition = launched.of(relaunch).definition();

		// then the team's first selection, under a title that names the team
		assertThat(definition.applications()).isEqualTo(first);
		assertThat(definition.title()).isEqualTo("Weekly performance \u2013 checkout");
	}

	@Test
	void aRunKeepsTheDefinitionItsLaunchCheckedNotTheFileAsItIsWhenTheJobStarts(@TempDir Path dir) throws Exception {
		// given a report whose launch read and checked its file, which changed before the
		// job started
		Path file = Files.writeString(dir.resolve("weekly-performance.yml"), definitions.text("weekly-performance"));
		ReportDefinitions inDir = new ReportDefinitions(dir);
		String checked = inDir.text("weekly-performance");
		LaunchedDefinition launched = new LaunchedDefinition(inDir, new ResourcelessJobRepository(), null);
		ReportRun run = new ReportRun("weekly-performance", "https://api.example.com", TestSandbox.DEMO_ACCOUNT, WEEK,
				Path.of("out"), null);
		JobExecution execution = new JobExecution(1, new JobInstance(1, "report"), run.toJobParameters());

		// when the job starts under that launch
		LaunchedRun started = launched.launching(run, checked, () -> {
			Files.writeString(file, checked.replace("title: Weekly performance", "title: Edited since"));
			return launched.started(execution);
		});

		// then it keeps and reads the text its launch checked, and a restart is told the
		// file changed
		assertThat(started.definition().title()).isEqualTo("Weekly performance");
		assertThat(started.run()).isEqualTo(ReportRun.of(run.toJobParameters()));
		assertThat(execution.getExecutionContext().getString(LaunchedDefinition.DEFINITION_KEY)).isEqualTo(checked);
		assertThat(launched.changeNote(execution, "weekly-performance"))
			.hasValueSatisfying(note -> assertThat(note).contains("changed since run 1 was launched"));
	}

	@Test
	void aRunStartedWithoutALaunchKeepsTheFileAsItIsWhenTheJobStarts(@TempDir Path dir) throws Exception {
		// given a report, and no launch that checked it
		Path file = Files.writeString(dir.resolve("weekly-performance.yml"),
				definitions.text("weekly-performance").replace("title: Weekly performance", "title: As it is now"));
		LaunchedDefinition launched = new LaunchedDefinition(new ReportDefinitions(dir),
				new ResourcelessJobRepository(), null);
		ReportRun run = new ReportRun("weekly-performance", "https://api.example.com", TestSandbox.DEMO_ACCOUNT, WEEK,
				Path.of("out"), null);
		JobExecution execution = new JobExecution(1, new JobInstance(1, "report"), run.toJobParameters());

		// when the job starts
		LaunchedRun started = launched.started(execution);

		// then the file as it is then is kept
		assertThat(started.definition().title()).isEqualTo("As it is now");
		assertThat(execution.getExecutionContext().getString(LaunchedDefinition.DEFINITION_KEY))
			.isEqualTo(Files.readString(file));
	}

	private static JobExecution execution(long id, ApplicationFilter team) {
		JobParameters parameters = new ReportRun("weekly-performance", "https://api.example.com",
				Accounts.of(TestSandbox.DEMO_ACCOUNT), WEEK, Path.of("out"), null, List.of(), "checkout", team,
				SendWhen.ALWAYS, 1)
			.toJobParameters();
		return new JobExecution(id, new JobInstance(1, "report"), parameters);
	}

}
