package io.apmreports.definition;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.entry;

import java.io.IOException;
import java.math.BigDecimal;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.util.Arrays;
import java.util.stream.Collectors;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import io.apmreports.definition.CostSettings.ParentRow;
import io.apmreports.definition.CostSettings.Prices;
import io.apmreports.definition.CostSettings.UserRule;
import io.apmreports.range.InvalidRangeException;
import io.apmreports.range.RangeSpec;
import io.apmreports.range.TimeRange;

/**
 * The cost and ingest reports' definitions: the {@code cost} block, and what the two
 * sections ask of the rest of a definition.
 */
class CostDefinitionsTests {

	private static final String VALID = """
			title: Monthly cost
			range: last-month
			time-zone: UTC
			formats: [xlsx, csv]
			sections: [cost]
			source: nrql
			""";

	private static final ReportDefinitions SHIPPED = new ReportDefinitions(Paths.get("reports"));

	/** Saturday 28 November 2026, in the afternoon. */
	private static final Clock NOW = Clock.fixed(Instant.parse("2026-11-28T14:00:00Z"), ZoneOffset.UTC);

	@TempDir
	Path reports;

	@Test
	void theShippedMonthlyCostReportIsAUtcMonthThroughNrqlByTeamWithoutPrices() {
		// when
		ReportDefinition cost = SHIPPED.load("monthly-cost");

		// then
		assertThat(cost.title()).isEqualTo("Monthly cost");
		assertThat(cost.sections()).containsExactly(Section.COST);
		assertThat(cost.range()).isEqualTo(RangeSpec.parse("last-month").orElseThrow());
		assertThat(cost.timeZone()).isEqualTo(ZoneId.of("UTC"));
		assertThat(cost.sourceOr(SourceKind.REST)).isEqualTo(SourceKind.NRQL);
		assertThat(cost.formats()).containsExactlyInAnyOrder(ReportFormat.XLSX, ReportFormat.CSV, ReportFormat.PDF);
		assertThat(cost.groupBy()).isEqualTo("team");
		assertThat(cost.attachments()).containsExactlyInAnyOrder(Attachment.XLSX, Attachment.COST);
		assertThat(cost.cost()).isEqualTo(CostSettings.DEFAULT);
		assertThat(cost.cost().prices()).as("no price pretends to be the contract").isNull();
	}

	@Test
	void theShippedExamplePricesAreTheVendorsListPricesAndReadAsTheyAre() throws IOException {
		// given the shipped report with its example prices taken out of their comments
		String shipped = Files.readString(Path.of("reports/monthly-cost.yml"));
		String uncommented = shipped.lines()
			.map(line -> line.replaceFirst("^  # (prices:|  )", "  $1"))
			.collect(Collectors.joining("\n", "", "\n"));
		assertThat(uncommented).contains("\n  prices:\n    currency: USD\n");
		write("priced", uncommented);

		// when
		Prices prices = new ReportDefinitions(reports).load("priced").cost().prices();

		// then the per-GB list prices of the original data option apply, and users are
		// not
		// priced until the contract says how
		assertThat(prices.currency()).isEqualTo("USD");
		assertThat(prices.dataOption()).isEqualTo("original");
		assertThat(prices.freeGigabytes()).isEqualByComparingTo("100");
		assertThat(prices.perGigabyte()).containsOnly(entry("us", new BigDecimal("0.30")),
				entry("eu", new BigDecimal("0.35")));
		assertThat(prices.perUser()).isEmpty();
		assertThat(prices.perComputeUnit()).isEmpty();
	}

	@Test
	void readsEveryCostFieldAndTheChosenDataOptionsPrices() throws IOException {
		// given
		write("cost", VALID + """
				group-by: cost-center
				cost:
				  usage-account: 1234567
				  parent-row: own
				  users: by-ingest
				  event-retention-days: 98
				  prices:
				    currency: eur
				    data-option: data-plus
				    free-gb: 0
				    per-gb:
				      original: {us: 0.30, eu: 0.35}
				      data-plus: {us: 0.50, eu: 0.55}
				    per-user: {full-platform: 349, core: 49.5, basic: 0}
				    per-ccu: {core: 0.125, advanced: 0.2}
				""");

		// when
		ReportDefinition definition = new ReportDefinitions(reports).load("cost");
		CostSettings cost = definition.cost();

		// then
		assertThat(definition.groupBy()).isEqualTo("cost-center");
		assertThat(cost.usageAccount()).isEqualTo(1234567L);
		assertThat(cost.parentRow()).isEqualTo(ParentRow.OWN);
		assertThat(cost.users()).isEqualTo(UserRule.BY_INGEST);
		assertThat(cost.eventRetentionDays()).isEqualTo(98);
		assertThat(cost.prices().currency()).isEqualTo("EUR");
		assertThat(cost.prices().dataOption()).isEqualTo("data-plus");
		assertThat(cost.prices().freeGigabytes()).isEqualByComparingTo("0");
		assertThat(cost.prices().perGigabyte()).containsOnly(entry("us", new BigDecimal("0.50")),
				entry("eu", new BigDecimal("0.55")));
		assertThat(cost.prices().perUser()).containsOnly(entry("full-platform", new BigDecimal("349")),
				entry("core", new BigDecimal("49.5")), entry("basic", BigDecimal.ZERO));
		assertThat(cost.prices().perComputeUnit()).containsOnly(entry("core", new BigDecimal("0.125")),
				entry("advanced", new BigDecimal("0.2")));
	}

	@Test
	void leftOutTheyAreTheDefaultsAndPricesFreeTheVendors100Gigabytes() throws IOException {
		// given a report without a cost block, and one with prices alone
		write("bare", VALID);
		write("priced", VALID + "cost: {prices: {currency: USD, per-gb: {original: {eu: 0.35}}}}\n");

		// when
		CostSettings bare = new ReportDefinitions(reports).load("bare").cost();
		CostSettings priced = new ReportDefinitions(reports).load("priced").cost();

		// then
		assertThat(bare).isEqualTo(CostSettings.DEFAULT);
		assertThat(bare.usageAccount()).isNull();
		assertThat(bare.parentRow()).isEqualTo(ParentRow.INCLUDES_CHILDREN);
		assertThat(bare.users()).isEqualTo(UserRule.OWN_LINE);
		// the organisation's retention, report.event-retention-days, unless a report says
		assertThat(bare.eventRetentionDays()).isNull();
		assertThat(priced.eventRetentionDays()).isNull();
		assertThat(priced.prices().freeGigabytes()).isEqualByComparingTo("100");
		assertThat(priced.prices().dataOption()).isEqualTo("original");
		assertThat(priced.prices().perGigabyte()).containsOnly(entry("eu", new BigDecimal("0.35")));
	}

	@Test
	void theShippedDailyIngestReportMeasuresAUtcDayAndAttachesItsCsv() {
		ReportDefinition ingest = SHIPPED.load("daily-ingest");

		assertThat(ingest.sections()).containsExactly(Section.INGEST);
		assertThat(ingest.range()).isEqualTo(RangeSpec.parse("last-day").orElseThrow());
		assertThat(ingest.timeZone().normalized()).isEqualTo(ZoneOffset.UTC);
		assertThat(ingest.sourceOr(SourceKind.REST)).isEqualTo(SourceKind.NRQL);
		assertThat(ingest.attachments()).containsExactly(Attachment.INGEST);
	}

	@Test
	void anIngestReportMayNameTheAccountAndHowLongEventsAreKept() throws IOException {
		// given an ingest report on Data Plus, whose days are kept 98 days
		write("ingest", VALID.replace("range: last-month", "range: last-day").replace("[cost]", "[ingest]")
				+ "cost: {usage-account: 7654321, event-retention-days: 98}\n");

		// when
		CostSettings cost = new ReportDefinitions(reports).load("ingest").cost();

		// then
		assertThat(cost.usageAccount()).isEqualTo(7654321L);
		assertThat(cost.eventRetentionDays()).isEqualTo(98);
	}

	@Test
	void anyNameOfUtcWillDo() throws IOException {
		write("etc", VALID.replace("time-zone: UTC", "time-zone: Etc/UTC"));
		write("zulu", VALID.replace("time-zone: UTC", "time-zone: Z"));

		assertThat(new ReportDefinitions(reports).load("etc").timeZone().normalized()).isEqualTo(ZoneOffset.UTC);
		assertThat(new ReportDefinitions(reports).load("zulu").timeZone().normalized()).isEqualTo(ZoneOffset.UTC);
	}

	@ParameterizedTest(name = "{0}")
	@CsvSource(delimiter = '|',
			textBlock = """
					REST                     | source: rest                                   | field 'source': 'rest' cannot read the cost section: the vendor's usage events and byte counts are asked through NRQL alone; write source: nrql
					ingest through REST      | sections: [ingest] ;; range: last-day ;; source: rest | field 'source': 'rest' cannot read the ingest section
					zone not UTC             | time-zone: Europe/Berlin                       | field 'time-zone': 'Europe/Berlin' will not do for the cost section: the vendor bills calendar months in UTC, so its months start at midnight UTC; write time-zone: UTC
					ingest zone not UTC      | sections: [ingest] ;; range: last-day ;; time-zone: America/New_York | field 'time-zone': 'America/New_York' will not do for the ingest section: the vendor bills calendar months in UTC, so its days start at midnight UTC; write time-zone: UTC
					range not a month        | range: last-week                               | field 'range': 'last-week' will not do for the cost section: it covers a billing month, a calendar month; write range: last-month
					ingest range not a day   | sections: [ingest] ;; range: last-7-days       | field 'range': 'last-7-days' will not do for the ingest section: it measures one day at a time, as the vendor advises for byte counts (it catches up the days it missed itself); write range: last-day
					cost and ingest          | sections: [cost, ingest]                       | field 'sections': cost and ingest go in reports of their own: the cost report covers a billing month (range last-month), the ingest measurement a day (range last-day)
					block, no cost section   | sections: [summary] ;; time-zone: Europe/Berlin ;; 'cost: {users: even}' | field 'cost': goes with the cost section, which this report does not have: add cost to sections, or remove the block
					ingest with prices       | sections: [ingest] ;; range: last-day ;; 'cost: {prices: {currency: USD}}' | field 'cost.prices': is a setting of the cost section, and this report measures ingest alone: an ingest report may give usage-account and event-retention-days
					misspelt cost field      | 'cost: {user: even}'                           | unknown field 'cost.user' (known fields: event-retention-days, parent-row, prices, usage-account, users)
					cost not a mapping       | 'cost: yes'                                    | field 'cost': must be a mapping of event-retention-days, parent-row, prices, usage-account, users
					users rule               | 'cost: {users: split}'                         | field 'cost.users': 'split' is not one of own-line, even, by-ingest
					parent row               | 'cost: {parent-row: parent}'                   | field 'cost.parent-row': 'parent' is not one of includes-children, own
					account negative         | 'cost: {usage-account: -5}'                    | field 'cost.usage-account': '-5' is not an account id, a whole number such as 1234567
					account a name           | 'cost: {usage-account: production}'            | field 'cost.usage-account': 'production' is not a number, such as 1234567
					retention none           | 'cost: {event-retention-days: 0}'              | field 'cost.event-retention-days': '0' is not a number of days from 1 to 400: the vendor keeps APM events 8 days with the original data option, 98 with Data Plus
					retention too long       | 'cost: {event-retention-days: 980}'            | field 'cost.event-retention-days': '980' is not a number of days from 1 to 400
					retention fraction       | 'cost: {event-retention-days: 8.5}'            | field 'cost.event-retention-days': '8.5' is not a number of days from 1 to 400
					no currency              | 'cost: {prices: {per-gb: {original: {us: 0.30}}}}' | field 'cost.prices.currency': is required with prices: the currency they are in, an ISO 4217 code such as USD or EUR
					empty prices             | 'cost: {prices: ~}'                            | field 'cost.prices.currency': is required with prices
					no such currency         | 'cost: {prices: {currency: DOLLAR, per-gb: {original: {us: 0.30}}}}' | field 'cost.prices.currency': 'DOLLAR' is not an ISO 4217 currency code, such as USD or EUR
					data option              | 'cost: {prices: {currency: USD, data-option: plus, per-gb: {original: {us: 0.30}}}}' | field 'cost.prices.data-option': 'plus' is not one of original, data-plus
					no per-gb                | 'cost: {prices: {currency: USD, per-user: {core: 49}}}' | field 'cost.prices.per-gb': is required with prices: the price of a GB above the free allowance, by data option and region, such as {original: {us: 0.30, eu: 0.35}}
					per-gb of another option | 'cost: {prices: {currency: USD, data-option: data-plus, per-gb: {original: {us: 0.30}}}}' | field 'cost.prices.per-gb': has no prices for the data option 'data-plus': give data-plus: {us: ..., eu: ...}
					per-gb, option left out  | 'cost: {prices: {currency: USD, per-gb: {data-plus: {us: 0.50}}}}' | field 'cost.prices.per-gb': has no prices for the data option 'original' (the data option when data-option is left out): give original: {us: ..., eu: ...}
					per-gb a number          | 'cost: {prices: {currency: USD, per-gb: 0.30}}' | field 'cost.prices.per-gb': must be a mapping of data-plus, original
					per-gb no region         | 'cost: {prices: {currency: USD, per-gb: {original: {}}}}' | field 'cost.prices.per-gb.original': must give the price of a GB in a region (us, eu), such as {us: 0.30}
					per-gb unknown region    | 'cost: {prices: {currency: USD, per-gb: {original: {asia: 0.30}}}}' | unknown field 'cost.prices.per-gb.original.asia' (known fields: eu, us)
					per-gb negative          | 'cost: {prices: {currency: USD, per-gb: {original: {us: -0.30}}}}' | field 'cost.prices.per-gb.original.us': '-0.30' is negative: a price is 0 or more
					other option negative    | 'cost: {prices: {currency: USD, per-gb: {original: {us: 0.30}, data-plus: {eu: -1}}}}' | field 'cost.prices.per-gb.data-plus.eu': '-1' is negative: a price is 0 or more
					per-gb not a number      | 'cost: {prices: {currency: USD, per-gb: {original: {us: cheap}}}}' | field 'cost.prices.per-gb.original.us': 'cheap' is not a number, such as 0.30
					per-gb left empty        | 'cost: {prices: {currency: USD, per-gb: {original: {us: ~}}}}' | field 'cost.prices.per-gb.original.us': has no price: give a number, such as in {us: 0.30, eu: 0.35}
					price out of all reason  | 'cost: {prices: {currency: USD, per-gb: {original: {us: 3e30}}}}' | field 'cost.prices.per-gb.original.us': '3e30' is no price: at most 1000000000, with up to 10 decimals
					per-user negative        | 'cost: {prices: {currency: USD, per-gb: {original: {us: 0.30}}, per-user: {core: -49}}}' | field 'cost.prices.per-user.core': '-49' is negative: a price is 0 or more
					per-user unknown type    | 'cost: {prices: {currency: USD, per-gb: {original: {us: 0.30}}, per-user: {full: 349}}}' | unknown field 'cost.prices.per-user.full' (known fields: basic, core, full-platform)
					per-ccu negative         | 'cost: {prices: {currency: USD, per-gb: {original: {us: 0.30}}, per-ccu: {advanced: -0.1}}}' | field 'cost.prices.per-ccu.advanced': '-0.1' is negative: a price is 0 or more
					free-gb fraction         | 'cost: {prices: {currency: USD, free-gb: 100.5, per-gb: {original: {us: 0.30}}}}' | field 'cost.prices.free-gb': '100.5' is not a whole number of GB from 0 up (the vendor's free allowance is 100 GB a month)
					free-gb negative         | 'cost: {prices: {currency: USD, free-gb: -100, per-gb: {original: {us: 0.30}}}}' | field 'cost.prices.free-gb': '-100' is not a whole number of GB from 0 up
					misspelt price field     | 'cost: {prices: {currency: USD, per-GB: {original: {us: 0.30}}}}' | unknown field 'cost.prices.per-GB' (known fields: currency, data-option, free-gb, per-ccu, per-gb, per-user)
					""")
	void refusesAMistakeWithOneLineNamingFileFieldAndValue(String mistake, String lines, String message)
			throws IOException {
		// given the valid cost report with its lines replaced or added
		String yaml = VALID;
		for (String line : lines.split(" ;; ")) {
			String key = line.substring(0, line.indexOf(':')).replace("'", "");
			yaml = yaml.lines()
				.filter(existing -> !existing.startsWith(key + ":"))
				.collect(Collectors.joining("\n", "", "\n")) + line.strip().replaceAll("^'|'$", "") + "\n";
		}
		write("broken", yaml);

		// when / then
		assertThatThrownBy(() -> new ReportDefinitions(reports).load("broken")).isInstanceOf(DefinitionException.class)
			.hasMessageStartingWith(reports.resolve("broken.yml") + ": ")
			.hasMessageContaining(message)
			.satisfies(ex -> assertThat(ex.getMessage()).doesNotContain("\n").doesNotContain("Exception"));
	}

	@Test
	void aCostReportGivenARangeByHandCoversOneUtcMonth() throws IOException {
		// given
		write("cost", VALID);
		ReportDefinition cost = new ReportDefinitions(reports).load("cost");

		// when / then October is run; October in Berlin's time and a part of a month are
		// not, and the month they mostly cover is named
		assertThat(cost.rangeFor("2026-10-01", "2026-11-01", NOW))
			.isEqualTo(TimeRange.parse("2026-10-01T00:00:00Z", "2026-11-01T00:00:00Z"));
		assertThatThrownBy(() -> cost.rangeFor("2026-10-01T00:00:00+02:00", "2026-11-01T00:00:00+01:00", NOW))
			.isInstanceOf(InvalidRangeException.class)
			.hasMessage("a cost report covers one billing month, a calendar month in UTC: give --from=2026-10-01 "
					+ "--to=2026-11-01");
		assertThatThrownBy(() -> cost.rangeFor("2026-10-05", "2026-11-01", NOW))
			.isInstanceOf(InvalidRangeException.class)
			.hasMessage("a cost report covers one billing month, a calendar month in UTC: give --from=2026-10-01 "
					+ "--to=2026-11-01");
		assertThatThrownBy(() -> cost.rangeFor("2026-09-01", "2026-09-30", NOW))
			.hasMessageContaining("give --from=2026-09-01 --to=2026-10-01");
	}

	@Test
	void anIngestReportGivenARangeByHandCoversWholeUtcDays() throws IOException {
		// given
		write("ingest", VALID.replace("[cost]", "[ingest]").replace("last-month", "last-day"));
		ReportDefinition ingest = new ReportDefinitions(reports).load("ingest");

		// when / then days are measured, a part of one is not
		assertThat(ingest.rangeFor("2026-11-20", "2026-11-27", NOW).duration().toDays()).isEqualTo(7);
		assertThatThrownBy(() -> ingest.rangeFor("2026-11-27T06:00:00Z", "2026-11-28T00:00:00Z", NOW))
			.isInstanceOf(InvalidRangeException.class)
			.hasMessage("an ingest report measures whole days in UTC: give dates, such as --from=2026-11-27 "
					+ "--to=2026-11-28");
	}

	@Test
	void theCostAndIngestFilesAreAttachmentsOfTheirOwnSections() throws IOException {
		// given a cost report that attaches its CSV, one that leaves the choice to the
		// defaults, and a usage report that tries to attach cost.csv
		write("cost", VALID + "attachments: [cost.csv]\n");
		write("defaults", VALID);
		write("usage", VALID.replace("[cost]", "[usage]").replace("time-zone: UTC", "time-zone: Europe/Berlin")
				+ "attachments: [cost.csv]\n");

		// when / then
		assertThat(new ReportDefinitions(reports).load("cost").attachments()).containsExactly(Attachment.COST);
		assertThat(new ReportDefinitions(reports).load("defaults").attachments())
			.containsExactlyInAnyOrder(Attachment.XLSX, Attachment.COST);
		assertThatThrownBy(() -> new ReportDefinitions(reports).load("usage"))
			.hasMessageContaining("field 'attachments': 'cost.csv' is not a file this report writes (it needs formats "
					+ "[csv] and sections [cost])");
		assertThat(Arrays.stream(Attachment.values()).map(Attachment::text)).contains("cost.csv", "ingest.csv");
	}

	private void write(String name, String yaml) throws IOException {
		Files.writeString(reports.resolve(name + ".yml"), yaml);
	}

}
