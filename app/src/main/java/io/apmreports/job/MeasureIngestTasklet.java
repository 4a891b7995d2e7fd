package io.apmreports.job;

import java.time.Clock;
import java.time.Duration;
import java.time.LocalDate;
import java.time.OffsetDateTime;
import java.time.YearMonth;
import java.time.ZoneOffset;
import java.time.temporal.ChronoUnit;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.Set;
import java.util.TreeSet;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.batch.core.scope.context.ChunkContext;
import org.springframework.batch.core.step.StepContribution;
import org.springframework.batch.core.step.tasklet.Tasklet;
import org.springframework.batch.infrastructure.item.ExecutionContext;
import org.springframework.batch.infrastructure.repeat.RepeatStatus;

import io.apmreports.definition.ReportDefinition;
import io.apmreports.definition.Section;
import io.apmreports.source.AccountNotRead;
import io.apmreports.source.BilledIngest;
import io.apmreports.source.FigureSource;
import io.apmreports.source.IngestRule;
import io.apmreports.source.UsageSource;
import io.apmreports.staging.IngestEstimates;

/**
 * Measures the daily byte estimates not kept yet while the vendor still keeps the events:
 * an ingest report every day within the events' retention (the definition's
 * {@code cost.event-retention-days}, else {@code report.event-retention-days}) up to
 * yesterday (UTC), a cost report the days of its month and of the month before (which it
 * is compared with) among them; in every consuming account of the organisation (the asked
 * account and those its bill of each of those months names). One account's day a
 * transaction, so that what was measured stays measured when a later day fails, and a
 * restart measures only the rest. An account the key may not read is noted for the cost
 * step, and the run goes on. Estimates older than
 * {@code report.ingest-estimates-keep-for} go.
 */
class MeasureIngestTasklet implements Tasklet {

	private static final Logger log = LoggerFactory.getLogger(MeasureIngestTasklet.class);

	private final FigureSource source;

	private final UsageSource usage;

	private final IngestEstimates estimates;

	private final LaunchedRun launched;

	private final Clock clock;

	private final Duration keepFor;

	private final int retentionDays;

	private Deque<AccountDay> todo;

	private final Set<Long> notRead = new TreeSet<>();

	private long startRequests;

	private int measured;

	private int planned;

	/** How many account-days between two lines of progress. */
	private static final int PROGRESS_EVERY = 50;

	/**
	 * @param source the run's source, whose requests the step counts; {@code null} for a
	 * report without the cost or ingest section
	 * @param retentionDays how many days the vendor keeps the events measured
	 */
	MeasureIngestTasklet(FigureSource source, UsageSource usage, IngestEstimates estimates, LaunchedRun launched,
			Clock clock, Duration keepFor, int retentionDays) {
		this.source = source;
		this.usage = usage;
		this.estimates = estimates;
		this.launched = launched;
		this.clock = clock;
		this.keepFor = keepFor;
		this.retentionDays = retentionDays;
	}

	@Override
	public RepeatStatus execute(StepContribution contribution, ChunkContext chunkContext) {
		if (usage == null) {
			return RepeatStatus.FINISHED;
		}
		ExecutionContext runContext = chunkContext.getStepContext()
			.getStepExecution()
			.getJobExecution()
			.getExecutionContext();
		if (todo == null) {
			startRequests = source.requests().total();
			notRead.addAll(UsageRun.notMeasured(runContext).keySet());
			todo = plan();
			planned = todo.size();
			if (planned > 0) {
				// a first run over months of days takes a while: say so before it does
				log.info("Measuring the byte estimates of {} account-days not kept yet, {} queries each", planned,
						2 * IngestRule.DEFAULTS.size());
			}
		}
		AccountDay next = todo.poll();
		if (next != null && !notRead.contains(next.account())) {
			measure(next, runContext);
		}
		if (!todo.isEmpty()) {
			return RepeatStatus.CONTINUABLE;
		}
		int forgotten = estimates.forgetBefore(today().minusDays(keepFor.toDays()));
		long requests = source.requests().total() - startRequests;
		chunkContext.getStepContext().getStepExecution().getExecutionContext().putLong("requests", requests);
		log.info("Measured the byte estimates of {} account-days with {} requests; forgot {} older than "
				+ "report.ingest-estimates-keep-for", measured, requests, forgotten);
		return RepeatStatus.FINISHED;
	}

	private void measure(AccountDay next, ExecutionContext runContext) {
		try {
			estimates.save(next.account(), next.day(),
					usage.byteEstimates(next.account(), next.day(), IngestRule.DEFAULTS),
					OffsetDateTime.now(clock).truncatedTo(ChronoUnit.SECONDS));
			measured++;
			if (measured % PROGRESS_EVERY == 0) {
				log.info("Measured {} of {} account-days", measured, planned);
			}
		}
		catch (AccountNotRead ex) {
			log.warn("Account {} is not measured, its ingest stays unallocated: {}", next.account(), ex.getMessage());
			notRead.add(next.account());
			UsageRun.putNotMeasured(runContext, next.account(), ex.getMessage());
		}
	}

	/** Every account's days not kept yet, within what the vendor still keeps. */
	private Deque<AccountDay> plan() {
		ReportDefinition definition = launched.definition();
		LocalDate yesterday = today().minusDays(1);
		LocalDate first = UsageRun.firstMeasurable(today(), retentionDays);
		YearMonth month = UsageRun.month(launched);
		if (!definition.has(Section.INGEST)) {
			// a cost report measures its month, and the month before, which the report
			// compares it with, team by team
			LocalDate start = month.minusMonths(1).atDay(1);
			first = first.isBefore(start) ? start : first;
			yesterday = yesterday.isAfter(month.atEndOfMonth()) ? month.atEndOfMonth() : yesterday;
		}
		Deque<AccountDay> days = new ArrayDeque<>();
		if (first.isAfter(yesterday)) {
			return days;
		}
		Set<YearMonth> months = new TreeSet<>();
		for (YearMonth each = YearMonth.from(first); !each.isAfter(YearMonth.from(yesterday)); each = each
			.plusMonths(1)) {
			months.add(each);
		}
		for (long account : accounts(months)) {
			Set<LocalDate> kept = estimates.keptDays(account, first, yesterday);
			first.datesUntil(yesterday.plusDays(1))
				.filter(day -> !kept.contains(day))
				.forEach(day -> days.add(new AccountDay(account, day)));
		}
		return days;
	}

	/** The asked account, then every account its bill of those months names. */
	private Set<Long> accounts(Set<YearMonth> months) {
		long usageAccount = UsageRun.usageAccount(launched);
		Set<Long> accounts = new TreeSet<>();
		accounts.add(usageAccount);
		months.forEach(month -> usage.billedIngest(usageAccount, month)
			.stream()
			.map(BilledIngest::consumingAccountId)
			.forEach(accounts::add));
		return accounts;
	}

	private LocalDate today() {
		return LocalDate.now(clock.withZone(ZoneOffset.UTC));
	}

	private record AccountDay(long account, LocalDate day) {
	}

}
