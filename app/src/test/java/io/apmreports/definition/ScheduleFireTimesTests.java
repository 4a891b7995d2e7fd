package io.apmreports.definition;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Paths;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.OffsetDateTime;
import java.time.ZoneId;
import java.time.ZonedDateTime;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.springframework.scheduling.support.CronExpression;
import org.springframework.scheduling.support.CronTrigger;
import org.springframework.scheduling.support.SimpleTriggerContext;

import io.apmreports.range.RangeSpec;
import io.apmreports.range.TimeRange;

/**
 * When Spring's cron fires in a zone with daylight saving, and which range each fire
 * reports.
 * <p>
 * What Spring 7.0 does, as the tables below pin down: a fire time that falls in the hour
 * the spring-forward day lacks is dropped for that day (a daily 02:30 fires on the day
 * before and the day after, not at 03:30 as the JDK would resolve the missing local
 * time); a fire time in the hour the fall-back day repeats fires twice, an hour apart,
 * first at the summer offset, then at the winter one. Which hour that is differs: Berlin
 * repeats 02:00 to 03:00 and Sydney too (in April), but New York repeats 01:00 to 02:00,
 * so there a daily 02:30 fires once and 01:30 twice. Both fires of the repeated hour fall
 * on the same local day, so they report the same range: the second has the same
 * identifying parameters as the first and does nothing.
 */
class ScheduleFireTimesTests {

	private static final ScheduleDefinitions SHIPPED = new ScheduleDefinitions(Paths.get("schedules"),
			new ReportDefinitions(Paths.get("reports")));

	@ParameterizedTest(name = "{0}")
	@CsvSource(delimiter = '|',
			textBlock = """
					# what the row shows                               | cron           | zone             | after                  | the fires that follow, in order
					Berlin 02:30 has no fire on 29 Mar, not even 03:30 | 0 30 2 * * *   | Europe/Berlin    | 2026-03-28T02:30+01:00 | 2026-03-30T02:30+02:00
					New York 02:30 has no fire on 8 Mar                | 0 30 2 * * *   | America/New_York | 2026-03-07T02:30-05:00 | 2026-03-09T02:30-04:00
					Sydney 02:30 has no fire on 4 Oct                  | 0 30 2 * * *   | Australia/Sydney | 2026-10-03T02:30+10:00 | 2026-10-05T02:30+11:00
					Berlin every 30 minutes leaps from 01:30 to 03:00  | 0 */30 * * * * | Europe/Berlin    | 2026-03-29T01:00+01:00 | 2026-03-29T01:30+01:00 2026-03-29T03:00+02:00
					Berlin 02:30 fires twice an hour apart on 25 Oct   | 0 30 2 * * *   | Europe/Berlin    | 2026-10-24T02:30+02:00 | 2026-10-25T02:30+02:00 2026-10-25T02:30+01:00 2026-10-26T02:30+01:00
					Sydney 02:30 fires twice an hour apart on 5 Apr    | 0 30 2 * * *   | Australia/Sydney | 2026-04-04T02:30+11:00 | 2026-04-05T02:30+11:00 2026-04-05T02:30+10:00 2026-04-06T02:30+10:00
					New York 01:30 fires twice an hour apart on 1 Nov  | 0 30 1 * * *   | America/New_York | 2026-10-31T01:30-04:00 | 2026-11-01T01:30-04:00 2026-11-01T01:30-05:00 2026-11-02T01:30-05:00
					New York 02:30 fires once on 1 Nov                 | 0 30 2 * * *   | America/New_York | 2026-10-31T02:30-04:00 | 2026-11-01T02:30-05:00 2026-11-02T02:30-05:00
					weekly-ops fires at 06:00 after a 169-hour week    | 0 0 6 * * MON  | Europe/Berlin    | 2026-10-19T06:00+02:00 | 2026-10-26T06:00+01:00
					monthly-finance fires on 1 Mar after 29 Feb        | 0 0 7 1 * *    | Europe/Berlin    | 2028-02-01T07:00+01:00 | 2028-03-01T07:00+01:00 2028-04-01T07:00+02:00
					""")
	void firesAtLocalTimesThatExistSkippingTheMissingHourAndRepeatingTheDoubledOne(String shows, String cron,
			String zone, String after, String fires) {
		// given
		CronExpression expression = CronExpression.parse(cron);
		ZonedDateTime last = OffsetDateTime.parse(after).atZoneSameInstant(ZoneId.of(zone));

		List<OffsetDateTime> expected = Arrays.stream(fires.split(" ")).map(OffsetDateTime::parse).toList();

		// when
		List<OffsetDateTime> next = new ArrayList<>();
		while (next.size() < expected.size()) {
			last = expression.next(last);
			next.add(last.toOffsetDateTime());
		}

		// then: the same instants at the same offsets
		assertThat(next).containsExactlyElementsOf(expected);
	}

	@ParameterizedTest(name = "after the fire at {0}")
	@CsvSource({
			// 02:30+02:00 on the fall-back day, done five seconds later: next is
			// 02:30+01:00, an hour later
			"2026-10-25T00:30:00Z, 2026-10-25T01:30:00Z",
			// 02:30+01:00 the day before the spring-forward day: next is 02:30+02:00 two
			// days later
			"2026-03-28T01:30:00Z, 2026-03-30T00:30:00Z" })
	void theSchedulersTriggerFiresAsTheExpressionDoes(Instant lastFire, Instant nextFire) {
		CronTrigger trigger = new CronTrigger("0 30 2 * * *", ZoneId.of("Europe/Berlin"));

		Instant next = trigger.nextExecution(new SimpleTriggerContext(lastFire, lastFire, lastFire.plusSeconds(5)));

		assertThat(next).isEqualTo(nextFire);
	}

	@ParameterizedTest(name = "{2} fired twice by {1} on {3} in {0}")
	@CsvSource(delimiter = '|',
			textBlock = """
					# a range asked for on the fall-back day ends at or before its first midnight, which is not repeated
					Europe/Berlin    | 0 30 2 * * * | last-day    | 2026-10-25 | 2026-10-24T00:00+02:00 | 2026-10-25T00:00+02:00 | 24
					Europe/Berlin    | 0 30 2 * * * | last-week   | 2026-10-25 | 2026-10-12T00:00+02:00 | 2026-10-19T00:00+02:00 | 168
					Europe/Berlin    | 0 30 2 * * * | last-month  | 2026-10-25 | 2026-09-01T00:00+02:00 | 2026-10-01T00:00+02:00 | 720
					Europe/Berlin    | 0 30 2 * * * | last-7-days | 2026-10-25 | 2026-10-18T00:00+02:00 | 2026-10-25T00:00+02:00 | 168
					America/New_York | 0 30 1 * * * | last-day    | 2026-11-01 | 2026-10-31T00:00-04:00 | 2026-11-01T00:00-04:00 | 24
					America/New_York | 0 30 1 * * * | last-month  | 2026-11-01 | 2026-10-01T00:00-04:00 | 2026-11-01T00:00-04:00 | 744
					Australia/Sydney | 0 30 2 * * * | last-day    | 2026-04-05 | 2026-04-04T00:00+11:00 | 2026-04-05T00:00+11:00 | 24
					Australia/Sydney | 0 30 2 * * * | last-month  | 2026-04-05 | 2026-03-01T00:00+11:00 | 2026-04-01T00:00+11:00 | 744
					""")
	void bothFiresOfTheRepeatedHourReportTheSameRange(String zone, String cron, String range, LocalDate fallBackDay,
			String from, String to, long hours) {
		// given a schedule and its two fires in the repeated hour
		ScheduleDefinition schedule = new ScheduleDefinition("nightly", CronExpression.parse(cron), ZoneId.of(zone),
				"nightly", RangeSpec.parse(range).orElseThrow(), List.of("ops@example.com"), true);
		ZonedDateTime first = schedule.cron().next(fallBackDay.atStartOfDay(schedule.zone()));
		ZonedDateTime second = schedule.cron().next(first);
		assertThat(Duration.between(first, second)).isEqualTo(Duration.ofHours(1));

		// when
		TimeRange firstRange = schedule.rangeFor(first);
		TimeRange secondRange = schedule.rangeFor(second);

		// then: equal bounds with equal offsets, so equal from and to job parameters: the
		// second run is a no-op
		TimeRange expected = new TimeRange(OffsetDateTime.parse(from), OffsetDateTime.parse(to));
		assertThat(firstRange).isEqualTo(expected);
		assertThat(secondRange).isEqualTo(expected);
		assertThat(expected.duration()).isEqualTo(Duration.ofHours(hours));
	}

	@ParameterizedTest(name = "{0} fired {1}")
	@CsvSource(delimiter = '|', textBlock = """
			weekly-ops      | 2026-11-16T06:00 | 2026-11-09T00:00+01:00 | 2026-11-16T00:00+01:00 | 168
			weekly-ops      | 2026-03-30T06:00 | 2026-03-23T00:00+01:00 | 2026-03-30T00:00+02:00 | 167
			weekly-ops      | 2026-10-26T06:00 | 2026-10-19T00:00+02:00 | 2026-10-26T00:00+01:00 | 169
			weekly-ops      | 2027-01-04T06:00 | 2026-12-28T00:00+01:00 | 2027-01-04T00:00+01:00 | 168
			monthly-finance | 2028-03-01T07:00 | 2028-02-01T00:00+01:00 | 2028-03-01T00:00+01:00 | 696
			monthly-finance | 2026-04-01T07:00 | 2026-03-01T00:00+01:00 | 2026-04-01T00:00+02:00 | 743
			monthly-finance | 2026-11-01T07:00 | 2026-10-01T00:00+02:00 | 2026-11-01T00:00+01:00 | 745
			monthly-finance | 2027-01-01T07:00 | 2026-12-01T00:00+01:00 | 2027-01-01T00:00+01:00 | 744
			monthly-finance | 2100-03-01T07:00 | 2100-02-01T00:00+01:00 | 2100-03-01T00:00+01:00 | 672
			monthly-cost    | 2026-11-02T05:00 | 2026-10-01T00:00Z      | 2026-11-01T00:00Z      | 744
			monthly-cost    | 2028-03-02T05:00 | 2028-02-01T00:00Z      | 2028-03-01T00:00Z      | 696
			monthly-cost    | 2026-04-02T05:00 | 2026-03-01T00:00Z      | 2026-04-01T00:00Z      | 744
			""")
	void aShippedScheduleReportsThePeriodJustOverOnTimeHoursLateOrADayLate(String name, LocalDateTime localFire,
			String from, String to, long hours) {
		// given a fire time of the shipped schedule
		ScheduleDefinition schedule = SHIPPED.load(name);
		ZonedDateTime fire = localFire.atZone(schedule.zone());
		assertThat(schedule.cron().next(fire.minusSeconds(1))).isEqualTo(fire);

		// when it runs on time, three hours late (09:00 or 10:00), or caught up the next
		// day
		List<TimeRange> ranges = List.of(fire, fire.plusHours(3), fire.plusDays(1))
			.stream()
			.map(schedule::rangeFor)
			.toList();

		// then
		assertThat(ranges).containsOnly(new TimeRange(OffsetDateTime.parse(from), OffsetDateTime.parse(to)));
		assertThat(ranges.get(0).duration()).isEqualTo(Duration.ofHours(hours));
	}

}
