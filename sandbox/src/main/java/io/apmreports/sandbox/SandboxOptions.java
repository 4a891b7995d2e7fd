package io.apmreports.sandbox;

import java.security.SecureRandom;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;

/**
 * How a {@link SandboxServer} is started.
 *
 * @param port TCP port on 127.0.0.1; 0 picks a free one
 * @param apiKey the only key the server accepts (in {@code X-Api-Key} or {@code Api-Key})
 * @param pageSize records per page of every list endpoint; small values make paging
 * visible
 * @param account the data the server answers with
 * @param vanishedApplicationIds applications that still appear in the applications list
 * but answer 404 everywhere else, as an application deleted between the list call and the
 * metric call does
 * @param faults the errors, delays and broken answers to put on; {@link Faults#none()}
 * for a healthy service
 * @param accountId the account id the NerdGraph face ({@code POST /graphql}) answers for;
 * its entity guids carry it, and NRQL for any other id is refused with {@code FORBIDDEN}
 * @param nerdGraphLimits the NerdGraph face's concurrency, query-rate and facet limits
 * @param accountName the name NerdGraph gives the account
 * @param moreAccounts further accounts behind the same server, each with its own REST key
 * @param nrqlShapes how the NerdGraph face writes the NRQL rows whose shape the vendor
 * does not document; {@link NrqlShapes#service()} unless a test tries another
 * @param dataOption the organisation's data option, which says how long its events are
 * kept; {@link DataOption#ORIGINAL} unless the options say otherwise
 */
public record SandboxOptions(int port, String apiKey, int pageSize, SyntheticAccount account,
		Set<Long> vanishedApplicationIds, Faults faults, long accountId, NerdGraphLimits nerdGraphLimits,
		String accountName, List<SandboxAccount> moreAccounts, NrqlShapes nrqlShapes, DataOption dataOption) {

	/** The account id of the demo (and of options that do not choose one). */
	public static final long DEMO_ACCOUNT_ID = 1_234_567;

	/** The name of the demo account (and of options that do not choose one). */
	static final String DEMO_ACCOUNT_NAME = "Demo production";

	/** The account id of the demo's staging account. */
	public static final long DEMO_STAGING_ACCOUNT_ID = 7_654_321;

	/** The name of the demo's staging account. */
	static final String DEMO_STAGING_ACCOUNT_NAME = "Demo staging";

	/**
	 * The account id of the demo's data account: a child of production without APM
	 * applications, that sends logs, infrastructure, integration metrics and custom
	 * events.
	 */
	public static final long DEMO_DATA_ACCOUNT_ID = 2_468_013;

	/** The name of the demo's data account. */
	static final String DEMO_DATA_ACCOUNT_NAME = "Demo data";

	/**
	 * The data option of the demo's organisation: Data Plus, so that last month's APM
	 * events are still kept for the monthly cost report.
	 */
	public static final DataOption DEMO_DATA_OPTION = DataOption.DATA_PLUS;

	/**
	 * The demo's accounts by id: production (the parent of the organisation), then its
	 * children staging and data.
	 */
	public static Map<Long, String> demoAccountNames() {
		Map<Long, String> names = new LinkedHashMap<>();
		names.put(DEMO_ACCOUNT_ID, DEMO_ACCOUNT_NAME);
		names.put(DEMO_STAGING_ACCOUNT_ID, DEMO_STAGING_ACCOUNT_NAME);
		names.put(DEMO_DATA_ACCOUNT_ID, DEMO_DATA_ACCOUNT_NAME);
		return names;
	}

	/** The demo's account ids as a message lists them: "1, 2 and 3". */
	public static String demoAccountIds() {
		List<String> ids = demoAccountNames().keySet().stream().map(String::valueOf).toList();
		return String.join(", ", ids.subList(0, ids.size() - 1)) + " and " + ids.get(ids.size() - 1);
	}

	/** Validates and freezes the options. */
	public SandboxOptions {
		if (port < 0 || port > 65_535) {
			throw new IllegalArgumentException("port out of range: " + port);
		}
		if (apiKey == null || apiKey.isBlank()) {
			throw new IllegalArgumentException("an API key is required");
		}
		if (pageSize < 1) {
			throw new IllegalArgumentException("page size must be positive: " + pageSize);
		}
		Objects.requireNonNull(account, "account");
		vanishedApplicationIds = vanishedApplicationIds == null ? Set.of() : Set.copyOf(vanishedApplicationIds);
		faults = faults == null ? Faults.none() : faults;
		if (accountId < 1 || accountId > Integer.MAX_VALUE) {
			// NerdGraph types account ids as Int
			throw new IllegalArgumentException("account id must be from 1 to " + Integer.MAX_VALUE + ": " + accountId);
		}
		nerdGraphLimits = nerdGraphLimits == null ? NerdGraphLimits.service() : nerdGraphLimits;
		accountName = accountName == null ? DEMO_ACCOUNT_NAME : accountName;
		moreAccounts = moreAccounts == null ? List.of() : List.copyOf(moreAccounts);
		nrqlShapes = nrqlShapes == null ? NrqlShapes.service() : nrqlShapes;
		dataOption = dataOption == null ? DataOption.ORIGINAL : dataOption;
		checkDistinct(apiKey, accountId, moreAccounts);
	}

	private static void checkDistinct(String apiKey, long accountId, List<SandboxAccount> moreAccounts) {
		Set<Long> ids = new HashSet<>(Set.of(accountId));
		Set<String> keys = new HashSet<>(Set.of(apiKey));
		for (SandboxAccount more : moreAccounts) {
			if (!ids.add(more.id())) {
				throw new IllegalArgumentException("account " + more.id() + " is given twice");
			}
			if (!keys.add(more.restKey())) {
				throw new IllegalArgumentException("account " + more.id() + " shares a key with another account");
			}
		}
	}

	/** Options of one account, with the service's NerdGraph limits. */
	public SandboxOptions(int port, String apiKey, int pageSize, SyntheticAccount account,
			Set<Long> vanishedApplicationIds, Faults faults, long accountId, NerdGraphLimits nerdGraphLimits) {
		this(port, apiKey, pageSize, account, vanishedApplicationIds, faults, accountId, nerdGraphLimits, null,
				List.of(), null, null);
	}

	/**
	 * Every account behind the server, the options' own first (its REST face answers
	 * {@link #apiKey}).
	 */
	public List<SandboxAccount> accounts() {
		List<SandboxAccount> all = new ArrayList<>();
		all.add(new SandboxAccount(accountId, accountName, account, apiKey, true));
		all.addAll(moreAccounts);
		return all;
	}

	/** Options with the demo account id and the service's NerdGraph limits. */
	public SandboxOptions(int port, String apiKey, int pageSize, SyntheticAccount account,
			Set<Long> vanishedApplicationIds, Faults faults) {
		this(port, apiKey, pageSize, account, vanishedApplicationIds, faults, DEMO_ACCOUNT_ID,
				NerdGraphLimits.service());
	}

	/** Options without faults. */
	public SandboxOptions(int port, String apiKey, int pageSize, SyntheticAccount account,
			Set<Long> vanishedApplicationIds) {
		this(port, apiKey, pageSize, account, vanishedApplicationIds, Faults.none());
	}

	/** Options without vanished applications or faults. */
	public SandboxOptions(int port, String apiKey, int pageSize, SyntheticAccount account) {
		this(port, apiKey, pageSize, account, Set.of(), Faults.none());
	}

	/**
	 * A key nobody knows beforehand, for a sandbox that lives only as long as this
	 * process.
	 */
	public static String randomKey() {
		byte[] key = new byte[16];
		new SecureRandom().nextBytes(key);
		return HexFormat.of().formatHex(key);
	}

	/**
	 * A free port, five records a page and the {@linkplain SyntheticAccount#demo() demo
	 * account}.
	 */
	public static SandboxOptions demo(String apiKey) {
		return new SandboxOptions(0, apiKey, 5, SyntheticAccount.demo());
	}

	/**
	 * The demo with its staging account beside it: the user key reads both through
	 * NerdGraph, and the staging account's REST face answers {@code stagingKey}.
	 */
	public static SandboxOptions demoWithStaging(String apiKey, String stagingKey) {
		return demo(apiKey).withMoreAccounts(List.of(SandboxAccount.demoStaging(stagingKey)));
	}

	/**
	 * The demo's whole organisation: production, the parent, with its children staging
	 * and data, whose REST faces answer {@code stagingKey} and {@code dataKey}; the user
	 * key reads all three through NerdGraph, their usage events included. The
	 * organisation is on Data Plus, so that its APM events of last month are still kept
	 * for a monthly cost report to measure.
	 */
	public static SandboxOptions demoOrganisation(String apiKey, String stagingKey, String dataKey) {
		return demo(apiKey)
			.withMoreAccounts(List.of(SandboxAccount.demoStaging(stagingKey), SandboxAccount.demoData(dataKey)))
			.withDataOption(DEMO_DATA_OPTION);
	}

	/** The key a REST client of account {@code id} uses, if the server has it. */
	public Optional<String> restKey(long id) {
		return accounts().stream().filter(a -> a.id() == id).map(SandboxAccount::restKey).findFirst();
	}

	/** A copy listening on {@code newPort}. */
	public SandboxOptions withPort(int newPort) {
		return new SandboxOptions(newPort, apiKey, pageSize, account, vanishedApplicationIds, faults, accountId,
				nerdGraphLimits, accountName, moreAccounts, nrqlShapes, dataOption);
	}

	/** A copy with {@code newPageSize} records a page. */
	SandboxOptions withPageSize(int newPageSize) {
		return new SandboxOptions(port, apiKey, newPageSize, account, vanishedApplicationIds, faults, accountId,
				nerdGraphLimits, accountName, moreAccounts, nrqlShapes, dataOption);
	}

	/** A copy serving {@code newAccount}. */
	public SandboxOptions withAccount(SyntheticAccount newAccount) {
		return new SandboxOptions(port, apiKey, pageSize, newAccount, vanishedApplicationIds, faults, accountId,
				nerdGraphLimits, accountName, moreAccounts, nrqlShapes, dataOption);
	}

	/** A copy in which these applications vanish after listing. */
	public SandboxOptions withVanishedApplicationIds(Set<Long> ids) {
		return new SandboxOptions(port, apiKey, pageSize, account, ids, faults, accountId, nerdGraphLimits, accountName,
				moreAccounts, nrqlShapes, dataOption);
	}

	/** A copy with these faults; {@link Faults#none()} for a healthy service. */
	public SandboxOptions withFaults(Faults newFaults) {
		return new SandboxOptions(port, apiKey, pageSize, account, vanishedApplicationIds, newFaults, accountId,
				nerdGraphLimits, accountName, moreAccounts, nrqlShapes, dataOption);
	}

	/** A copy whose NerdGraph face answers for account {@code id}. */
	public SandboxOptions withAccountId(long id) {
		return new SandboxOptions(port, apiKey, pageSize, account, vanishedApplicationIds, faults, id, nerdGraphLimits,
				accountName, moreAccounts, nrqlShapes, dataOption);
	}

	/** A copy with these NerdGraph limits. */
	public SandboxOptions withNerdGraphLimits(NerdGraphLimits limits) {
		return new SandboxOptions(port, apiKey, pageSize, account, vanishedApplicationIds, faults, accountId, limits,
				accountName, moreAccounts, nrqlShapes, dataOption);
	}

	/** A copy whose NerdGraph face writes NRQL rows in these shapes. */
	public SandboxOptions withNrqlShapes(NrqlShapes shapes) {
		return new SandboxOptions(port, apiKey, pageSize, account, vanishedApplicationIds, faults, accountId,
				nerdGraphLimits, accountName, moreAccounts, shapes, dataOption);
	}

	/** A copy whose organisation is on this data option. */
	public SandboxOptions withDataOption(DataOption option) {
		return new SandboxOptions(port, apiKey, pageSize, account, vanishedApplicationIds, faults, accountId,
				nerdGraphLimits, accountName, moreAccounts, nrqlShapes, option);
	}

	/** A copy with these further accounts behind the same server. */
	public SandboxOptions withMoreAccounts(List<SandboxAccount> accounts) {
		return new SandboxOptions(port, apiKey, pageSize, account, vanishedApplicationIds, faults, accountId,
				nerdGraphLimits, accountName, accounts, nrqlShapes, dataOption);
	}

}
