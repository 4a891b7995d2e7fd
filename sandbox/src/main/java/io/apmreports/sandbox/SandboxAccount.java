package io.apmreports.sandbox;

import java.util.Objects;

/**
 * One more account behind the same server, besides the options' own: as on the real
 * service, its REST face answers only its own key (a REST key belongs to one account),
 * while the user key may or may not reach it through NerdGraph.
 *
 * @param id the account id
 * @param name the account's name, as NerdGraph shows it
 * @param data the applications and figures
 * @param restKey the key its REST face answers to
 * @param userKeyReads whether the options' key reads it through NerdGraph; when not, its
 * NRQL is refused with {@code FORBIDDEN} and entity search leaves it out
 */
public record SandboxAccount(long id, String name, SyntheticAccount data, String restKey, boolean userKeyReads) {

	/** Validates the account. */
	public SandboxAccount {
		if (id < 1 || id > Integer.MAX_VALUE) {
			throw new IllegalArgumentException("account id must be from 1 to " + Integer.MAX_VALUE + ": " + id);
		}
		Objects.requireNonNull(name, "name");
		Objects.requireNonNull(data, "data");
		if (restKey == null || restKey.isBlank()) {
			throw new IllegalArgumentException("account " + id + " needs a REST key");
		}
	}

	/** The demo's staging account, readable by the demo's user key. */
	public static SandboxAccount demoStaging(String restKey) {
		return new SandboxAccount(SandboxOptions.DEMO_STAGING_ACCOUNT_ID, SandboxOptions.DEMO_STAGING_ACCOUNT_NAME,
				SyntheticAccount.demoStaging(), restKey, true);
	}

	/**
	 * The demo's data account, readable by the demo's user key: no APM applications, so
	 * its whole bill stays unallocated.
	 */
	public static SandboxAccount demoData(String restKey) {
		return new SandboxAccount(SandboxOptions.DEMO_DATA_ACCOUNT_ID, SandboxOptions.DEMO_DATA_ACCOUNT_NAME,
				SyntheticAccount.demoData(), restKey, true);
	}

}
