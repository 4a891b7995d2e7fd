package io.apmreports.job;

import java.util.Optional;

import org.springframework.batch.core.job.JobExecution;
import org.springframework.batch.core.listener.JobExecutionListener;
import org.springframework.batch.core.repository.JobRepository;
import org.springframework.batch.infrastructure.item.ExecutionContext;
import org.springframework.stereotype.Component;

import io.apmreports.definition.DefinitionException;
import io.apmreports.definition.ReportDefinition;
import io.apmreports.definition.ReportDefinitions;
import io.apmreports.definition.Selections;

/**
 * Keeps the report definition a run was launched with (the text of
 * {@code reports/<name>.yml}, and so its title, filter, sections, zone, formats and
 * e-mail) in the job's execution context, which every restart carries over. (Its
 * recipients need no copy there: they are an identifying job parameter, which every
 * restart reuses as launched.) Steps, delivery and preview read the definition from
 * there, never from the file again: a file edited between a crash and its restart cannot
 * mix two versions into one report.
 */
@Component
public class LaunchedDefinition implements JobExecutionListener {

	static final String DEFINITION_KEY = "report.definition";

	static final String TEAM_APPLICATIONS_KEY = "report.team.applications";

	private final ReportDefinitions definitions;

	private final JobRepository jobRepository;

	/**
	 * The text a launch in this thread read, for its run to keep (the job runs in the
	 * launching thread).
	 */
	private final ThreadLocal<String> launching = new ThreadLocal<>();

	LaunchedDefinition(ReportDefinitions definitions, JobRepository jobRepository) {
		this.definitions = definitions;
		this.jobRepository = jobRepository;
	}

	/**
	 * On the first execution of a run, keeps the definition as it is now; a restart finds
	 * it kept.
	 */
	@Override
	public void beforeJob(JobExecution execution) {
		ExecutionContext context = execution.getExecutionContext();
		if (!context.containsKey(DEFINITION_KEY)) {
			String text = launching.get();
			context.putString(DEFINITION_KEY, text != null ? text : definitions.text(report(execution)));
			// a team's selection too: a relaunch brings the schedule's selection as it
			// is then, which must not change the applications of a run under way
			String team = ReportRun.teamApplications(execution.getJobParameters());
			if (team != null) {
				context.putString(TEAM_APPLICATIONS_KEY, team);
			}
			jobRepository.updateExecutionContext(execution);
		}
	}

	/**
	 * Starts a run in this thread that keeps {@code text}, the definition its launch read
	 * and checked.
	 */
	public <T> T launching(String text, Launch<T> launch) throws Exception {
		launching.set(text);
		try {
			return launch.start();
		}
		finally {
			launching.remove();
		}
	}

	/**
	 * The definition run {@code execution} was launched with; for a team's run, with the
	 * team's applications and name.
	 */
	public ReportDefinition of(JobExecution execution) {
		ReportDefinition launched = launched(execution);
		String team = ReportRun.team(execution.getJobParameters());
		if (team == null) {
			return launched;
		}
		String kept = execution.getExecutionContext()
			.getString(TEAM_APPLICATIONS_KEY, ReportRun.teamApplications(execution.getJobParameters()));
		return launched.forTeam(team, Selections.read(kept));
	}

	private ReportDefinition launched(JobExecution execution) {
		ExecutionContext context = execution.getExecutionContext();
		if (!context.containsKey(DEFINITION_KEY)) {
			// a run launched by a version that did not keep its definition
			return definitions.load(report(execution));
		}
		return definitions.parse(report(execution), context.getString(DEFINITION_KEY));
	}

	/**
	 * One line saying that the report's file changed since run {@code execution} was
	 * launched, so that its restart uses the launched version; empty when it is
	 * unchanged, or the run kept nothing yet.
	 */
	public Optional<String> changeNote(JobExecution execution) {
		ExecutionContext context = execution.getExecutionContext();
		if (!context.containsKey(DEFINITION_KEY)) {
			return Optional.empty();
		}
		String now;
		try {
			now = definitions.text(report(execution));
		}
		catch (DefinitionException ex) {
			now = null;
		}
		if (context.getString(DEFINITION_KEY).equals(now)) {
			return Optional.empty();
		}
		return Optional.of(definitions.file(report(execution)) + " " + (now == null ? "is gone" : "changed")
				+ " since run " + execution.getId() + " was launched; this restart uses the definition it was "
				+ "launched with (launch with --force for a run of the new one)");
	}

	/** A start of a job that may fail as Spring Batch's starts do. */
	@FunctionalInterface
	public interface Launch<T> {

		T start() throws Exception;

	}

	private static String report(JobExecution execution) {
		return ReportRun.report(execution.getJobParameters());
	}

}
