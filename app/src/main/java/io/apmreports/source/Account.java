package io.apmreports.source;

/**
 * The account a report reads: its id, which tells runs, files and e-mails of two accounts
 * apart, and its name where the service or the settings give one.
 *
 * @param id the account id
 * @param name the account's name, or {@code null} where nobody gave one
 */
public record Account(long id, String name) {

	public Account {
		if (id <= 0) {
			throw new IllegalArgumentException("an account id is positive: " + id);
		}
		// one line: a run keeps its accounts' names a line each
		name = name == null || name.isBlank() ? null : name.strip().replaceAll("\\s+", " ");
	}

	/**
	 * As a reader meets it: {@code Production (account 1234567)}, or
	 * {@code account 1234567} without a name.
	 */
	public String describe() {
		return name == null ? "account " + id : name + " (account " + id + ")";
	}

}
