package io.apmreports.report;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.io.IOException;
import java.io.Reader;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.time.LocalDate;
import java.time.YearMonth;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import java.util.stream.Stream;

import org.apache.commons.csv.CSVFormat;
import org.apache.commons.csv.CSVRecord;
import org.apache.pdfbox.Loader;
import org.apache.pdfbox.pdmodel.PDDocument;
import org.apache.pdfbox.text.PDFTextStripper;
import org.apache.poi.ss.usermodel.Cell;
import org.apache.poi.ss.usermodel.CellType;
import org.apache.poi.ss.usermodel.Row;
import org.apache.poi.ss.usermodel.Sheet;
import org.apache.poi.ss.usermodel.Workbook;
import org.apache.poi.ss.usermodel.WorkbookFactory;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.batch.core.BatchStatus;
import org.springframework.batch.core.job.JobExecution;
import org.springframework.batch.test.JobOperatorTestUtils;
import org.springframework.batch.test.context.SpringBatchTest;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

import io.apmreports.ApmReportsApplication;
import io.apmreports.definition.SourceKind;
import io.apmreports.job.ReportRun;
import io.apmreports.range.TimeRange;
import io.apmreports.sandbox.BilledUsers;
import io.apmreports.sandbox.SandboxAccount;
import io.apmreports.sandbox.SandboxBilling;
import io.apmreports.sandbox.SandboxOptions;
import io.apmreports.sandbox.SyntheticApplication;
import io.apmreports.source.IngestRule;
import io.apmreports.staging.IngestEstimates;
import io.apmreports.testing.KeptEstimates;
import io.apmreports.testing.TestSandbox;

/**
 * The {@code monthly-cost} report run whole on the sandbox's organisation (production the
 * parent of staging and data) and read back as finance reads it: the workbook's team and
 * account sheets and {@code cost.csv}, each row against the month's allocation computed
 * here by hand from the sandbox's own usage events and byte counts. October 2026 and
 * September 2026 are older than the 8 days the definitions say the vendor keeps events,
 * so a run can measure none of their days: what is kept is what the test seeds.
 */
@SpringBatchTest
@SpringBootTest(classes = ApmReportsApplication.class)
class MonthlyCostIntegrationTests {

	private static final String KEY = "monthly-cost-test-key";

	private static final YearMonth OCTOBER = YearMonth.of(2026, 10);

	private static final YearMonth SEPTEMBER = YearMonth.of(2026, 9);

	private static final int MISSING = 10;

	private static final String UNALLOCATED = "(unallocated)";

	private static final String NO_TAG = "(no team tag)";

	private static final String ESTIMATE = "Month's estimate (GB)";

	private static final Map<String, String> USER_TYPES = Map.of("FullPlatformUsers", "full-platform", "CoreUsers",
			"core", "BasicUsers", "basic");

	private static final BigDecimal PER_GB = new BigDecimal("0.30");

	private static final Map<String, BigDecimal> PER_USER = Map.of("full-platform", new BigDecimal("349"), "core",
			new BigDecimal("49"), "basic", BigDecimal.ZERO);

	private static final BigDecimal PER_CORE_CCU = new BigDecimal("0.10");

	private static final BigDecimal PER_ADVANCED_CCU = new BigDecimal("0.20");

	private static final BigDecimal FREE = new BigDecimal("100");

	@TempDir
	static Path workDir;

	@RegisterExtension
	static final TestSandbox sandbox = TestSandbox
		.of(SandboxOptions.demoOrganisation(KEY, "monthly-cost-staging-key", "monthly-cost-data-key"));

	@Autowired
	JobOperatorTestUtils jobOperatorTestUtils;

	@Autowired
	IngestEstimates estimates;

	@DynamicPropertySource
	static void properties(DynamicPropertyRegistry registry) throws IOException {
		sandbox.register(registry, workDir);
		Path definitions = Files.createDirectories(workDir.resolve("definitions"));
		String definition = """
				title: Monthly cost
				range: last-month
				time-zone: UTC
				formats: [xlsx, csv, pdf]
				sections: [cost]
				source: nrql
				group-by: team
				cost:
				  parent-row: includes-children
				  users: own-line
				  event-retention-days: 8
				""";
		Files.writeString(definitions.resolve("monthly-cost.yml"), definition);
		Files.writeString(definitions.resolve("priced-cost.yml"), definition + """
				  prices:
				    currency: USD
				    data-option: original
				    free-gb: %s
				    per-gb:
				      original: {us: %s, eu: 0.35}
				    per-user: {full-platform: %s, core: %s, basic: %s}
				    per-ccu: {core: %s, advanced: %s}
				""".formatted(FREE, PER_GB, PER_USER.get("full-platform"), PER_USER.get("core"), PER_USER.get("basic"),
				PER_CORE_CCU, PER_ADVANCED_CCU));
		registry.add("report.definitions", definitions::toString);
	}

	@Test
	void everyTeamAndAccountRowIsTheBillSplitByHandAndNoChildCountsTwice() throws Exception {
		// given every day of October kept for every account, as the daily ingest report
		// keeps them
		SandboxBilling billing = sandbox.billing();
		keepDays(billing, OCTOBER, OCTOBER.lengthOfMonth());
		HandSplit hand = new HandSplit(billing, OCTOBER, OCTOBER.lengthOfMonth());

		// when
		Path directory = run("monthly-cost", OCTOBER);

		// then every team row of the workbook is the hand split's, and no other
		try (Workbook workbook = workbook(directory)) {
			List<Map<String, Object>> teams = table(workbook.getSheet("Cost by team"));
			assertThat(teams.get(0).keySet()).noneMatch(title -> title.startsWith("Cost"));
			checkTeamTable(teams, hand);

			// every account row: billed, allocated, unallocated, as measured
			List<Map<String, Object>> accounts = table(workbook.getSheet("Cost by account"));
			assertThat(accounts.get(0).keySet()).noneMatch(title -> title.startsWith("Cost"));
			Map<Long, Map<String, Object>> byId = new LinkedHashMap<>();
			accounts.stream()
				.filter(row -> row.get("Account ID") != null)
				.forEach(row -> byId.put(((Double) row.get("Account ID")).longValue(), row));
			// the parent first, then its children by id
			assertThat(byId.keySet()).containsExactlyElementsOf(
					Stream.concat(Stream.of(billing.parentId()), billing.childIds().stream().sorted()).toList());
			for (long account : billing.accountIds()) {
				Map<String, Object> row = byId.get(account);
				String what = "account " + account;
				assertThat(row.get("Account")).isEqualTo(account == billing.parentId()
						? billing.accountName(account) + " (parent, own ingest)" : billing.accountName(account));
				assertThat(number(row, "Billed (GB)")).as(what).isCloseTo(hand.billed(account), within(1e-9));
				assertThat(number(row, "Allocated (GB)")).as(what).isCloseTo(hand.allocated(account), within(1e-9));
				assertThat(number(row, "Unallocated (GB)")).as(what).isCloseTo(hand.unallocated(account), within(1e-9));
				// the cells are doubles: allocated + unallocated is the bill to 1e-9
				assertThat(number(row, "Allocated (GB)") + number(row, "Unallocated (GB)")).as(what)
					.isCloseTo(number(row, "Billed (GB)"), within(1e-9));
				assertThat(row.get("Measured")).isEqualTo("measured all " + OCTOBER.lengthOfMonth() + " days");
			}
			// the parent's own leaves its children out: the accounts add up to the
			// organisation's month, which the parent's rows already hold
			Map<String, Object> total = row(accounts, "Account", "Total");
			double organisation = billing.monthToDateGigabytes(OCTOBER, end(OCTOBER));
			double children = billing.childIds().stream().mapToDouble(child -> hand.billed(child)).sum();
			assertThat(children).isPositive();
			assertThat(number(total, "Billed (GB)")).isCloseTo(organisation, within(1e-9));
			assertThat(byId.values().stream().mapToDouble(row -> number(row, "Billed (GB)")).sum())
				.isCloseTo(organisation, within(1e-9));
			assertThat(number(byId.get(billing.parentId()), "Billed (GB)")).isCloseTo(hand.parentRows() - children,
					within(1e-9));
			assertThat(number(total, "Allocated (GB)") + number(total, "Unallocated (GB)")).isCloseTo(organisation,
					within(1e-9));
		}

		// cost.csv: every line the hand split's, no cost column
		List<CSVRecord> csv = csv(directory);
		assertThat(csv.get(0).getParser().getHeaderNames()).noneMatch(name -> name.startsWith("cost_"));
		checkCsv(csv, hand);
	}

	@Test
	void aMonthWithTenDaysMissingSaysHowMuchWasMeasuredAndExtrapolatesTheShares() throws Exception {
		// given September kept on its first 20 days, its last ten never measured and
		// older than the events' retention
		SandboxBilling billing = sandbox.billing();
		int measured = SEPTEMBER.lengthOfMonth() - MISSING;
		keepDays(billing, SEPTEMBER, measured);
		HandSplit hand = new HandSplit(billing, SEPTEMBER, measured);

		// when
		Path directory = run("monthly-cost", SEPTEMBER);

		// then each account says it was measured on 20 of 30 days, and how the month was
		// made of them
		String words = "measured " + measured + " of " + SEPTEMBER.lengthOfMonth()
				+ " days, the estimates extrapolated x " + SEPTEMBER.lengthOfMonth() + "/" + measured
				+ "; shares of those days applied to the whole month";
		try (Workbook workbook = workbook(directory)) {
			List<Map<String, Object>> accounts = table(workbook.getSheet("Cost by account"));
			assertThat(accounts.stream().filter(row -> row.get("Account ID") != null))
				.hasSize(billing.accountIds().size())
				.allSatisfy(row -> assertThat(row.get("Measured")).isEqualTo(words));
			List<String> overview = texts(workbook.getSheet("Overview"));
			for (long account : billing.accountIds()) {
				assertThat(overview).contains(billing.accountName(account) + ": " + words + ".");
			}
			// the split extrapolated: the shares of the 20 days times the whole month's
			// bill; each application's estimate shown made one of the month, x 30/20
			checkTeamTable(table(workbook.getSheet("Cost by team")), hand);
		}
		checkCsv(csv(directory), hand);
		// and the PDF says it of each account too, its notes wrapped over lines
		try (Stream<Path> files = Files.list(directory);
				PDDocument pdf = Loader.loadPDF(
						files.filter(file -> file.toString().endsWith(".pdf")).findFirst().orElseThrow().toFile())) {
			String text = new PDFTextStripper().getText(pdf).replaceAll("\\s+", " ");
			for (long account : billing.accountIds()) {
				assertThat(text).contains(billing.accountName(account) + ": " + words);
			}
		}
	}

	@Test
	void withPricesEachCostCellIsItsQuantityTimesThePriceAndTheTotalIsTheBill() throws Exception {
		// given every day of October kept, and a definition with prices
		SandboxBilling billing = sandbox.billing();
		keepDays(billing, OCTOBER, OCTOBER.lengthOfMonth());
		HandSplit hand = new HandSplit(billing, OCTOBER, OCTOBER.lengthOfMonth());

		// when
		Path directory = run("priced-cost", OCTOBER);

		// then each cost cell of the team table is its quantity times its price
		BigDecimal bill = hand.billableGigabytes(FREE).multiply(PER_GB);
		try (Workbook workbook = workbook(directory)) {
			List<Map<String, Object>> teams = table(workbook.getSheet("Cost by team"));
			assertThat(teams.get(0)).containsKey("Cost (USD)");
			checkTeamTable(teams, hand);
			// (a team's subtotal is its gigabytes: the users are a line of their own)
			for (Map<String, Object> row : teams) {
				if (!"Total".equals(row.get("Item"))) {
					double price = price((String) row.get("Item"), (String) row.get("Unit")).doubleValue();
					assertThat(number(row, "Cost (USD)")).as("%s", row)
						.isCloseTo(number(row, "Quantity") * price, within(1e-9));
				}
			}
			for (String user : USER_TYPES.keySet()) {
				bill = bill.add(BigDecimal.valueOf(BilledUsers.billableUsers(user, OCTOBER))
					.multiply(PER_USER.get(USER_TYPES.get(user))));
			}
			bill = bill.add(hand.advancedComputeUnits().multiply(PER_ADVANCED_CCU));
			assertThat(number(row(teams, "Item", "Total"), "Cost (USD)")).isCloseTo(bill.doubleValue(), within(1e-9));
			assertThat(number(row(teams, "Item", "Total"), "Quantity"))
				.isEqualTo(hand.billableGigabytes(FREE).doubleValue());
			assertThat(hand.billableGigabytes(FREE).longValue())
				.isEqualTo(billing.billableGigabytes(OCTOBER, end(OCTOBER)));

			// and each account's cost is its gigabytes at the price of one
			List<Map<String, Object>> accounts = table(workbook.getSheet("Cost by account"));
			assertThat(accounts.get(0)).containsKey("Cost (USD)");
			for (Map<String, Object> row : accounts) {
				assertThat(number(row, "Cost (USD)")).as("%s", row)
					.isCloseTo(number(row, "Billed (GB)") * PER_GB.doubleValue(), within(1e-9));
			}
			assertThat(number(row(accounts, "Account", "Billed"), "Cost (USD)"))
				.isCloseTo(hand.billableGigabytes(FREE).multiply(PER_GB).doubleValue(), within(1e-9));
		}

		// cost.csv: its cost column, each cell exactly the quantity times the price
		List<CSVRecord> csv = csv(directory);
		assertThat(csv.get(0).getParser().getHeaderNames()).contains("cost_usd");
		checkCsv(csv, hand);
		BigDecimal sum = BigDecimal.ZERO;
		for (CSVRecord line : csv) {
			BigDecimal cost = new BigDecimal(line.get("cost_usd"));
			assertThat(cost).as("%s", line)
				.isEqualByComparingTo(
						new BigDecimal(line.get("quantity")).multiply(price(line.get("item"), line.get("unit"))));
			sum = sum.add(cost);
		}
		assertThat(sum.doubleValue()).isCloseTo(bill.doubleValue(), within(1e-9));
	}

	/** The price the definition gives a line's item. */
	private static BigDecimal price(String item, String unit) {
		return switch (unit) {
			case "GB" -> PER_GB;
			case "users" -> PER_USER.get(item.substring(0, item.indexOf(" users")));
			case "CCU" -> item.startsWith("advanced") ? PER_ADVANCED_CCU : PER_CORE_CCU;
			default -> throw new AssertionError("no price for " + unit);
		};
	}

	/**
	 * Every line of the team table against the hand split: each team's applications and
	 * the unallocated by account and metric, each team's subtotal, the users and compute
	 * as the sandbox bills them, the free allowance and the total.
	 */
	private static void checkTeamTable(List<Map<String, Object>> rows, HandSplit hand) {
		Map<List<Object>, Double> items = new HashMap<>();
		Map<String, Double> subtotals = new HashMap<>();
		for (Map<String, Object> row : rows) {
			String item = (String) row.get("Item");
			if (item.startsWith("Total of ")) {
				assertThat(subtotals.put(item.substring("Total of ".length()), number(row, "Quantity"))).isNull();
			}
			else if (!item.equals("Total")) {
				List<Object> key = Stream.of(row.get("Team"), row.get("Account"), row.get("Application"), item)
					.map(cell -> cell == null ? "" : cell)
					.toList();
				assertThat(items.put(key, number(row, "Quantity"))).as("%s twice", row).isNull();
				// an application's estimate, made one of the month, beside its share
				if (row.get("Application") == null) {
					assertThat(row.get(ESTIMATE)).as("%s", row).isNull();
				}
				else {
					assertThat(number(row, ESTIMATE)).as("%s", row).isCloseTo(hand.estimate(key), within(1e-9));
				}
			}
			if (row.get("Share of the month's GB") != null) {
				assertThat(number(row, "Share of the month's GB")).as("%s", row)
					.isCloseTo(number(row, "Quantity") / hand.total().doubleValue(), within(1e-9));
			}
		}
		sameLines(items, hand.teamItems());
		Map<String, BigDecimal> teams = hand.subtotals();
		assertThat(subtotals.keySet()).containsExactlyInAnyOrderElementsOf(teams.keySet());
		teams.forEach((team, gigabytes) -> assertThat(subtotals.get(team)).as(team)
			.isCloseTo(gigabytes.doubleValue(), within(1e-9)));
		assertThat(number(row(rows, "Item", "Total"), "Quantity"))
			.isEqualTo(hand.billableGigabytes(hand.free()).doubleValue());
	}

	/**
	 * The lines read against the hand split's, each to 1e-9. A line on one side alone
	 * must be an account's unallocated rest of a metric its applications carry whole,
	 * within 1e-9 of none: what the report's and the hand's rounding leave differ there
	 * (the report writes a rest of 1e-16 GB; the hand's rest may be 0, or the reverse).
	 */
	private static void sameLines(Map<List<Object>, Double> read, Map<List<Object>, BigDecimal> expected) {
		Set<List<Object>> keys = new HashSet<>(read.keySet());
		keys.addAll(expected.keySet());
		for (List<Object> key : keys) {
			if (!read.containsKey(key) || !expected.containsKey(key)) {
				assertThat(key.get(0)).as("%s on one side alone", key).isEqualTo(UNALLOCATED);
			}
			assertThat(read.getOrDefault(key, 0.0)).as("%s", key)
				.isCloseTo(expected.getOrDefault(key, BigDecimal.ZERO).doubleValue(), within(1e-9));
		}
		assertThat(read.keySet()).containsAll(
				expected.keySet().stream().filter(key -> expected.get(key).abs().doubleValue() > 1e-9).toList());
	}

	/** Every line of cost.csv against the hand split: the team table's items. */
	private static void checkCsv(List<CSVRecord> csv, HandSplit hand) {
		Map<List<Object>, BigDecimal> lines = new HashMap<>();
		Map<Long, BigDecimal> byAccount = new HashMap<>();
		for (CSVRecord line : csv) {
			assertThat(line.get("month")).isEqualTo(hand.month().toString());
			String name = line.get("account_name");
			BigDecimal quantity = new BigDecimal(line.get("quantity"));
			assertThat(lines.put(List.of(line.get("team"), name, line.get("application"), line.get("item")), quantity))
				.as("%s twice", line)
				.isNull();
			if (!line.get("account_id").isEmpty()) {
				assertThat(line.get("unit")).isEqualTo("GB");
				byAccount.merge(Long.parseLong(line.get("account_id")), quantity, BigDecimal::add);
			}
		}
		Map<List<Object>, Double> read = new HashMap<>();
		lines.forEach((key, quantity) -> read.put(key, quantity.doubleValue()));
		sameLines(read, hand.teamItems());
		// each account's lines add up to its own bill, the parent's without its
		// children's
		for (long account : hand.billing.accountIds()) {
			assertThat(byAccount.get(account).doubleValue()).as("account %d", account)
				.isCloseTo(hand.billed(account), within(1e-9));
		}
	}

	private Path run(String report, YearMonth month) throws Exception {
		TimeRange range = TimeRange.parse(month.atDay(1) + "T00:00:00Z", month.plusMonths(1).atDay(1) + "T00:00:00Z");
		Path output = workDir.resolve("output-" + report + "-" + month);
		JobExecution execution = jobOperatorTestUtils
			.startJob(new ReportRun(report, SourceKind.NRQL.recorded(sandbox.graphqlUrl().toString()),
					TestSandbox.DEMO_ACCOUNT, range, output, null)
				.toJobParameters());
		assertThat(execution.getStatus()).as("%s", execution.getAllFailureExceptions())
			.isEqualTo(BatchStatus.COMPLETED);
		try (Stream<Path> files = Files.walk(output)) {
			return files.filter(file -> file.getFileName().toString().equals("cost.csv"))
				.findFirst()
				.orElseThrow()
				.getParent();
		}
	}

	/** Keeps the sandbox's own estimates of the month's first days, as a daily run. */
	private void keepDays(SandboxBilling billing, YearMonth month, int days) {
		KeptEstimates.keep(estimates, billing, month.atDay(1), month.atDay(days),
				month.plusMonths(1).atDay(1).atStartOfDay().atOffset(ZoneOffset.UTC));
	}

	private static Workbook workbook(Path directory) throws IOException {
		try (Stream<Path> files = Files.list(directory)) {
			Path xlsx = files.filter(file -> file.toString().endsWith(".xlsx")).findFirst().orElseThrow();
			return WorkbookFactory.create(xlsx.toFile());
		}
	}

	private static List<CSVRecord> csv(Path directory) throws IOException {
		try (Reader reader = Files.newBufferedReader(directory.resolve("cost.csv"))) {
			return CSVFormat.RFC4180.builder().setHeader().setSkipHeaderRecord(true).get().parse(reader).getRecords();
		}
	}

	/** A sheet's rows under its heading row, by heading; an empty cell is null. */
	private static List<Map<String, Object>> table(Sheet sheet) {
		Row headings = sheet.getRow(0);
		List<Map<String, Object>> rows = new ArrayList<>();
		for (int r = 1; r <= sheet.getLastRowNum(); r++) {
			Row row = sheet.getRow(r);
			if (row == null) {
				continue;
			}
			Map<String, Object> cells = new LinkedHashMap<>();
			for (int c = 0; c < headings.getLastCellNum(); c++) {
				cells.put(headings.getCell(c).getStringCellValue(), value(row.getCell(c)));
			}
			rows.add(cells);
		}
		return rows;
	}

	private static Object value(Cell cell) {
		if (cell == null || cell.getCellType() == CellType.BLANK) {
			return null;
		}
		if (cell.getCellType() == CellType.NUMERIC) {
			return cell.getNumericCellValue();
		}
		String text = cell.getStringCellValue();
		return text.isEmpty() ? null : text;
	}

	/** Every text of a sheet, cell by cell. */
	private static List<String> texts(Sheet sheet) {
		List<String> texts = new ArrayList<>();
		sheet.forEach(row -> row.forEach(cell -> {
			if (cell.getCellType() == CellType.STRING) {
				texts.add(cell.getStringCellValue());
			}
		}));
		return texts;
	}

	private static Map<String, Object> row(List<Map<String, Object>> rows, String column, String value) {
		return rows.stream().filter(row -> value.equals(row.get(column))).findFirst().orElseThrow();
	}

	private static double number(Map<String, Object> row, String column) {
		Object value = row.get(column);
		assertThat(value).as("%s of %s", column, row).isInstanceOf(Double.class);
		return (Double) value;
	}

	private static Instant end(YearMonth month) {
		return month.plusMonths(1).atDay(1).atStartOfDay().toInstant(ZoneOffset.UTC);
	}

	/**
	 * The month's allocation computed by hand from the sandbox's usage events and byte
	 * counts: each account's row as the parent answers it, the parent's own its row less
	 * its children's, each ruled metric split by the applications' estimates over the
	 * days kept, the rest unallocated; teams from the tags the sandbox gives the
	 * applications.
	 */
	private static final class HandSplit {

		final SandboxBilling billing;

		private final YearMonth month;

		/** Per account and metric: its own GB. */
		private final Map<Long, Map<String, BigDecimal>> own = new LinkedHashMap<>();

		/** (team, account name, application or "", metric) to GB. */
		private final Map<List<Object>, BigDecimal> items = new LinkedHashMap<>();

		/**
		 * The application lines' estimates over the days kept, x days in month / kept.
		 */
		private final Map<List<Object>, Double> estimates = new HashMap<>();

		private final Map<Long, BigDecimal> allocated = new HashMap<>();

		private final Map<Long, BigDecimal> unallocated = new HashMap<>();

		HandSplit(SandboxBilling billing, YearMonth month, int daysKept) {
			this.billing = billing;
			this.month = month;
			Instant from = month.atDay(1).atStartOfDay().toInstant(ZoneOffset.UTC);
			Instant to = end(month);
			long parent = billing.parentId();
			for (long account : billing.accountIds()) {
				List<String> metrics = account == parent ? billing.organisationUsageMetrics()
						: billing.usageMetrics(account);
				Map<String, BigDecimal> ofAccount = new LinkedHashMap<>();
				for (String metric : metrics) {
					BigDecimal row = BigDecimal.valueOf(billing.reportedGigabytes(parent, account, metric, from, to));
					if (account == parent) {
						for (long child : billing.childIds()) {
							if (billing.usageMetrics(child).contains(metric)) {
								row = row.subtract(
										BigDecimal.valueOf(billing.reportedGigabytes(parent, child, metric, from, to)));
							}
						}
					}
					ofAccount.put(metric, row);
				}
				own.put(account, ofAccount);
			}
			Set<String> ruled = IngestRule.DEFAULTS.stream().map(IngestRule::usageMetric).collect(Collectors.toSet());
			List<LocalDate> days = month.atDay(1).datesUntil(month.atDay(daysKept).plusDays(1)).toList();
			own.forEach((account, metrics) -> metrics.forEach((metric, billed) -> {
				String name = billing.accountName(account);
				BigDecimal left = billed;
				boolean any = false;
				if (ruled.contains(metric)) {
					Map<String, Double> applications = new LinkedHashMap<>();
					double whole = 0;
					for (LocalDate day : days) {
						whole += billing.wholeEstimate(account, metric, day);
						for (String application : billing.applications(account, metric)) {
							applications.merge(application, billing.estimatedBytes(account, metric, application, day),
									Double::sum);
						}
					}
					double denominator = Math.max(whole,
							applications.values().stream().mapToDouble(Double::doubleValue).sum());
					for (Map.Entry<String, Double> application : applications.entrySet()) {
						if (application.getValue() > 0) {
							BigDecimal part = billed.multiply(BigDecimal.valueOf(application.getValue() / denominator));
							List<Object> key = List.of(team(account, application.getKey()), name, application.getKey(),
									metric);
							items.merge(key, part, BigDecimal::add);
							estimates.put(key, application.getValue() / 1e9 * month.lengthOfMonth() / daysKept);
							allocated.merge(account, part, BigDecimal::add);
							left = left.subtract(part);
							any = true;
						}
					}
				}
				if (left.signum() != 0 || !any) {
					items.put(List.of(UNALLOCATED, name, "", metric), left);
					unallocated.merge(account, left, BigDecimal::add);
				}
			}));
		}

		YearMonth month() {
			return month;
		}

		double estimate(List<Object> key) {
			assertThat(estimates).as("an estimate of %s", key).containsKey(key);
			return estimates.get(key);
		}

		/** The application's team tag as the sandbox tags it. */
		private String team(long account, String application) {
			SandboxAccount data = sandbox.options()
				.accounts()
				.stream()
				.filter(a -> a.id() == account)
				.findFirst()
				.orElseThrow();
			List<String> tag = data.data()
				.applications()
				.stream()
				.filter(app -> app.name().equals(application))
				.map(SyntheticApplication::tags)
				.map(tags -> tags.getOrDefault("team", List.of()))
				.findFirst()
				.orElse(List.of());
			return tag.isEmpty() ? NO_TAG : String.join(", ", tag);
		}

		BigDecimal billedExactly(long account) {
			return own.get(account).values().stream().reduce(BigDecimal.ZERO, BigDecimal::add);
		}

		double billed(long account) {
			return billedExactly(account).doubleValue();
		}

		double allocated(long account) {
			return allocated.getOrDefault(account, BigDecimal.ZERO).doubleValue();
		}

		double unallocated(long account) {
			return unallocated.getOrDefault(account, BigDecimal.ZERO).doubleValue();
		}

		/** The parent's rows as answered, its children's within them. */
		double parentRows() {
			Instant from = month.atDay(1).atStartOfDay().toInstant(ZoneOffset.UTC);
			return billing.organisationUsageMetrics()
				.stream()
				.mapToDouble(metric -> billing.reportedGigabytes(billing.parentId(), billing.parentId(), metric, from,
						end(month)))
				.sum();
		}

		/** Every account's own GB: the month's ingest. */
		BigDecimal total() {
			return own.keySet().stream().map(this::billedExactly).reduce(BigDecimal.ZERO, BigDecimal::add);
		}

		BigDecimal free() {
			return BigDecimal.valueOf(SandboxBilling.FREE_GIGABYTES);
		}

		/** max(0, floor(total GB) - free). */
		BigDecimal billableGigabytes(BigDecimal free) {
			return total().setScale(0, RoundingMode.FLOOR).subtract(free).max(BigDecimal.ZERO);
		}

		BigDecimal advancedComputeUnits() {
			return BigDecimal.valueOf(billing.computeUnits("AdvancedCCU", month, end(month)));
		}

		/** Each team's GB, the unallocated among them. */
		Map<String, BigDecimal> subtotals() {
			Map<String, BigDecimal> teams = new HashMap<>();
			items.forEach((key, gigabytes) -> teams.merge((String) key.get(0), gigabytes, BigDecimal::add));
			return teams;
		}

		/**
		 * Every item line of the team table: the split's, the users of each type, the
		 * advanced compute units and the free allowance.
		 */
		Map<List<Object>, BigDecimal> teamItems() {
			Map<List<Object>, BigDecimal> all = new LinkedHashMap<>(items);
			USER_TYPES.forEach((metric, type) -> all.put(List.of("", "", "", type + " users"),
					BigDecimal.valueOf(BilledUsers.billableUsers(metric, month))));
			all.put(List.of("", "", "", "advanced compute units"), advancedComputeUnits());
			all.put(List.of("", "", "", "free allowance"), billableGigabytes(free()).subtract(total()));
			return all;
		}

	}

}
