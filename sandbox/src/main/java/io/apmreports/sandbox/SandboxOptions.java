package io.apmreports.sandbox;

import java.security.SecureRandom;
import java.util.HexFormat;
import java.util.Objects;
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
 */
public record SandboxOptions(int port, String apiKey, int pageSize, SyntheticAccount account,
		Set<Long> vanishedApplicationIds, Faults faults, long accountId, NerdGraphLimits nerdGraphLimits) {

	/** The account id of the demo (and of options that do not choose one). */
	public static final long DEMO_ACCOUNT_ID = 1_234_567;

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

	/** A copy listening on {@code newPort}. */
	public SandboxOptions withPort(int newPort) {
		return new SandboxOptions(newPort, apiKey, pageSize, account, vanishedApplicationIds, faults, accountId,
				nerdGraphLimits);
	}

	/** A copy with {@code newPageSize} records a page. */
	SandboxOptions withPageSize(int newPageSize) {
		return new SandboxOptions(port, apiKey, newPageSize, account, vanishedApplicationIds, faults, accountId,
				nerdGraphLimits);
	}

	/** A copy serving {@code newAccount}. */
	SandboxOptions withAccount(SyntheticAccount newAccount) {
		return new SandboxOptions(port, apiKey, pageSize, newAccount, vanishedApplicationIds, faults, accountId,
				nerdGraphLimits);
	}

	/** A copy in which these applications vanish after listing. */
	public SandboxOptions withVanishedApplicationIds(Set<Long> ids) {
		return new SandboxOptions(port, apiKey, pageSize, account, ids, faults, accountId, nerdGraphLimits);
	}

	/** A copy with these faults; {@link Faults#none()} for a healthy service. */
	public SandboxOptions withFaults(Faults newFaults) {
		return new SandboxOptions(port, apiKey, pageSize, account, vanishedApplicationIds, newFaults, accountId,
				nerdGraphLimits);
	}

	/** A copy whose NerdGraph face answers for account {@code id}. */
	public SandboxOptions withAccountId(long id) {
		return new SandboxOptions(port, apiKey, pageSize, account, vanishedApplicationIds, faults, id, nerdGraphLimits);
	}

	/** A copy with these NerdGraph limits. */
	public SandboxOptions withNerdGraphLimits(NerdGraphLimits limits) {
		return new SandboxOptions(port, apiKey, pageSize, account, vanishedApplicationIds, faults, accountId, limits);
	}

}
