package io.apmreports.job;

import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.LongConsumer;

import org.springframework.batch.core.job.JobExecution;
import org.springframework.batch.core.listener.JobExecutionListener;
import org.springframework.batch.core.repository.JobRepository;
import org.springframework.batch.infrastructure.item.ExecutionContext;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.stereotype.Component;

import io.apmreports.definition.DefinitionException;
import io.apmreports.definition.ReportDefinition;
import io.apmreports.definition.ReportDefinitions;
import io.apmreports.definition.Selections;

/**
 * Keeps the report definition a run was launched with (the text of
 * {@code reports/<name>.yml}, and so its title, filter, sections, zone, formats and
 * e-mail) in the job's execution context, which every restart carries over, and reads a
 * run's {@link LaunchedRun} from its parameters and that text. (Its recipients need no
 * copy there: they are an identifying job parameter, which every restart reuses as
 * launched.) Steps, delivery and preview read the definition from there, never from the
 * file again: a file edited between a crash and its restart cannot mix two versions into
 * one report.
 */
@Component
public class LaunchedDefinition implements JobExecutionListener {

	static final String DEFINITION_KEY = "report.definition";

	static final String TEAM_APPLICATIONS_KEY = "report.team.applications";

	private final ReportDefinitions definitions;

	private final JobRepository jobRepository;

	private final ObjectProvider<LaunchedRun> launchedRun;

	/**
	 * The texts that launches going on in this process read and checked, by their run's
	 * {@link ReportRun#messageIdentity()}: the run's lock keeps two launches of one
	 * identity from going on at once.
	 */
	private final Map<String, Handover> checked = new ConcurrentHashMap<>();

	/**
	 * What a launch hands its run as the job starts.
	 *
	 * @param text the definition the launch read and checked
	 * @param started told the run's id once it is recorded, so that a console can show it
	 * while it runs
	 */
	private record Handover(String text, LongConsumer started) {
	}

	LaunchedDefinition(ReportDefinitions definitions, JobRepository jobRepository,
			ObjectProvider<LaunchedRun> launchedRun) {
		this.definitions = definitions;
		this.jobRepository = jobRepository;
		this.launchedRun = launchedRun;
	}

	/**
	 * Reads the run as the job starts, which keeps its definition on its first execution
	 * (see {@link #started}).
	 */
	@Override
	public void beforeJob(JobExecution execution) {
		launchedRun.getObject();
	}

	/**
	 * The run of {@code execution}, which the job is starting: on its first execution its
	 * definition is kept as its launch checked it (or, for a launch that checked none, as
	 * the file is now); a restart finds it kept.
	 */
	LaunchedRun started(JobExecution execution) {
		ReportRun run = ReportRun.of(execution.getJobParameters());
		ExecutionContext context = execution.getExecutionContext();
		if (!context.containsKey(DEFINITION_KEY)) {
			Handover handover = checked.get(run.messageIdentity());
			String text = handover == null ? null : handover.text();
			context.putString(DEFINITION_KEY, text != null ? text : definitions.text(run.report()));
			// a team's selection too: a relaunch brings the schedule's selection as it
			// is then, which must not change the applications of a run under way
			if (run.teamApplications() != null) {
				context.putString(TEAM_APPLICATIONS_KEY, Selections.text(run.teamApplications()));
			}
			jobRepository.updateExecutionContext(execution);
		}
		Handover handover = checked.get(run.messageIdentity());
		if (handover != null) {
			handover.started().accept(execution.getId());
		}
		return launched(run, execution);
	}

	/**
	 * Starts {@code run}, which keeps {@code text}, the definition its launch read and
	 * checked.
	 */
	public <T> T launching(ReportRun run, String text, Launch<T> launch) throws Exception {
		return launching(run, text, id -> {
		}, launch);
	}

	/**
	 * Starts {@code run}, which keeps {@code text}, and tells {@code started} its id as
	 * soon as the job has recorded it.
	 */
	public <T> T launching(ReportRun run, String text, LongConsumer started, Launch<T> launch) throws Exception {
		String key = run.messageIdentity();
		checked.put(key, new Handover(text, started));
		try {
			return launch.start();
		}
		finally {
			checked.remove(key);
		}
	}

	/**
	 * Run {@code execution}, with the definition it was launched with; for a team's run,
	 * with the team's applications and name.
	 */
	public LaunchedRun of(JobExecution execution) {
		return launched(ReportRun.of(execution.getJobParameters()), execution);
	}

	private LaunchedRun launched(ReportRun run, JobExecution execution) {
		ExecutionContext context = execution.getExecutionContext();
		// a run launched by a version that did not keep its definition reads the file
		ReportDefinition launched = context.containsKey(DEFINITION_KEY)
				? definitions.parse(run.report(), context.getString(DEFINITION_KEY)) : definitions.load(run.report());
		if (run.team() == null) {
			return LaunchedRun.of(run, launched, execution);
		}
		String kept = context.getString(TEAM_APPLICATIONS_KEY, null);
		return LaunchedRun.of(run,
				launched.forTeam(run.team(), kept == null ? run.teamApplications() : Selections.read(kept)), execution);
	}

	/**
	 * One line saying that the file of {@code report} changed since run {@code execution}
	 * was launched, so that its restart uses the launched version; empty when it is
	 * unchanged, or the run kept nothing yet.
	 */
	public Optional<String> changeNote(JobExecution execution, String report) {
		ExecutionContext context = execution.getExecutionContext();
		if (!context.containsKey(DEFINITION_KEY)) {
			return Optional.empty();
		}
		String now;
		try {
			now = definitions.text(report);
		}
		catch (DefinitionException ex) {
			now = null;
		}
		if (context.getString(DEFINITION_KEY).equals(now)) {
			return Optional.empty();
		}
		return Optional.of(definitions.file(report) + " " + (now == null ? "is gone" : "changed") + " since run "
				+ execution.getId() + " was launched; this restart uses the definition it was "
				+ "launched with (launch with --force for a run of the new one)");
	}

	/** A start of a job that may fail as Spring Batch's starts do. */
	@FunctionalInterface
	public interface Launch<T> {

		T start() throws Exception;

	}

}
