package io.apmreports.job;

import java.time.Instant;
import java.time.ZoneId;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.LongFunction;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.batch.core.scope.context.ChunkContext;
import org.springframework.batch.core.step.StepContribution;
import org.springframework.batch.core.step.tasklet.Tasklet;
import org.springframework.batch.infrastructure.repeat.RepeatStatus;

import io.apmreports.formula.ServiceLevelFormulas;
import io.apmreports.job.ServiceLevelMonths.ApplicationKey;
import io.apmreports.range.TimeRange;
import io.apmreports.source.FigureSource;
import io.apmreports.source.ServiceLevel;
import io.apmreports.source.ServiceLevelMonth;
import io.apmreports.source.ServiceLevelSource;
import io.apmreports.source.StagedApplication;
import io.apmreports.staging.ServiceLevelMonthRow;
import io.apmreports.staging.ServiceLevelRow;
import io.apmreports.staging.StagedServiceLevels;

/**
 * Stages the service levels of the run's applications in one transaction: each account's
 * levels found through its source, those about one of the listed applications kept, with
 * the run's month and the 11 before it, the months before a level existed marked, never
 * asked. Done again, it replaces what it staged. A source that cannot tell service levels
 * (REST v2) stages none and says so in one line: the report then carries the SLA figures
 * of every application.
 */
class FetchServiceLevelsTasklet implements Tasklet {

	/** The one line a run through REST v2 says. */
	static final String REST_LINE = "Service levels need NRQL over NerdGraph (source: nrql); "
			+ "this run reports the SLA figures of every application only";

	private static final Logger log = LoggerFactory.getLogger(FetchServiceLevelsTasklet.class);

	private final LongFunction<FigureSource> sources;

	private final StagedServiceLevels tables;

	private final LaunchedRun launched;

	/**
	 * @param sources each account's source; {@code null} for a report without the
	 * service-levels section
	 */
	FetchServiceLevelsTasklet(LongFunction<FigureSource> sources, StagedServiceLevels tables, LaunchedRun launched) {
		this.sources = sources;
		this.tables = tables;
		this.launched = launched;
	}

	@Override
	public RepeatStatus execute(StepContribution contribution, ChunkContext chunkContext) {
		if (sources == null) {
			return RepeatStatus.FINISHED;
		}
		long instanceId = launched.instanceId();
		List<Long> accounts = launched.run().accounts().ids();
		Map<ApplicationKey, StagedApplication> applications = byKey(tables.listed(instanceId), accounts.get(0));
		ZoneId zone = launched.definition().timeZone();
		ServiceLevelMonths months = new ServiceLevelMonths(launched.run().range(), zone);
		List<ServiceLevelRow> levels = new ArrayList<>();
		List<ServiceLevelMonthRow> levelMonths = new ArrayList<>();
		for (long account : accounts) {
			Optional<ServiceLevelSource> source = sources.apply(account).serviceLevels();
			if (source.isEmpty()) {
				log.warn(REST_LINE);
				tables.saveLevels(instanceId, false, List.of(), List.of());
				return RepeatStatus.FINISHED;
			}
			for (ServiceLevel level : source.get().serviceLevels(account)) {
				StagedApplication application = ServiceLevelMonths.application(level.entityGuid())
					.map(applications::get)
					.orElse(null);
				if (application != null) {
					levels.add(new ServiceLevelRow(level.accountId(), level.guid(), level.name(), application.id(),
							application.name(), application.group(), level.createdAt(), level.targetPct(),
							level.windowDays()));
					levelMonths.addAll(months(source.get(), level, months));
				}
			}
		}
		tables.saveLevels(instanceId, true, levels, levelMonths);
		log.info("Found {} service levels of the report's applications", levels.size());
		return RepeatStatus.FINISHED;
	}

	/**
	 * The level's months, oldest first: those before it existed marked and not asked, the
	 * others as the source answers them.
	 */
	private static List<ServiceLevelMonthRow> months(ServiceLevelSource source, ServiceLevel level,
			ServiceLevelMonths months) {
		List<TimeRange> asked = ServiceLevelMonths.since(months.periods(), level.createdAt());
		// matched by instants: the source may write a month's bounds with another offset
		Map<Instant, ServiceLevelMonth> answered = new HashMap<>();
		if (!asked.isEmpty()) {
			source.months(level, asked).forEach(month -> answered.put(month.month().from().toInstant(), month));
		}
		List<ServiceLevelMonthRow> rows = new ArrayList<>();
		for (TimeRange period : months.periods()) {
			ServiceLevelMonth month = answered.get(period.from().toInstant());
			boolean before = ServiceLevelMonths.beforeCreation(period, level.createdAt());
			Double good = before || month == null ? null : month.good();
			Double valid = before || month == null ? null : month.valid();
			Double attainment = before || month == null ? null : month.attainmentPct();
			rows.add(new ServiceLevelMonthRow(level.guid(), months.month(period), before,
					ServiceLevelMonths.partial(period, level.createdAt()),
					attainment != null ? attainment : ServiceLevelFormulas.attainmentPct(good, valid), good, valid));
		}
		return rows;
	}

	private static Map<ApplicationKey, StagedApplication> byKey(List<StagedApplication> listed, long firstAccount) {
		Map<ApplicationKey, StagedApplication> byKey = new HashMap<>();
		// an application staged without its account is the first account's
		listed.forEach(application -> byKey.put(new ApplicationKey(
				application.account() == null ? firstAccount : application.account(), application.id()), application));
		return byKey;
	}

}
