package io.apmreports.job;

import java.nio.charset.StandardCharsets;
import java.time.OffsetDateTime;
import java.time.YearMonth;
import java.time.ZoneId;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Optional;

import io.apmreports.range.TimeRange;

/**
 * The calendar months a service-level run covers, in the report's zone: the run's month
 * and the 11 before it, oldest first; and how a level is tied to an application.
 */
final class ServiceLevelMonths {

	/** The run's month and the 11 before it. */
	static final int MONTHS = 12;

	private final ZoneId zone;

	private final List<TimeRange> periods;

	ServiceLevelMonths(TimeRange range, ZoneId zone) {
		this.zone = zone;
		this.periods = range.lastPeriods(zone, MONTHS);
	}

	/** The months, oldest first; the run's own last. */
	List<TimeRange> periods() {
		return periods;
	}

	/** Whether the period is the run's own month. */
	boolean isRunMonth(TimeRange period) {
		return period.equals(periods.get(periods.size() - 1));
	}

	/** The calendar month a period is, in the report's zone. */
	YearMonth month(TimeRange period) {
		return YearMonth.from(period.from().atZoneSameInstant(zone));
	}

	/**
	 * Whether the month ended before the level existed: the vendor holds no figures of
	 * it.
	 */
	static boolean beforeCreation(TimeRange period, OffsetDateTime createdAt) {
		return createdAt != null && !period.to().isAfter(createdAt);
	}

	/** Whether the level was created during the month: its figures cover part of it. */
	static boolean partial(TimeRange period, OffsetDateTime createdAt) {
		return createdAt != null && period.from().isBefore(createdAt) && period.to().isAfter(createdAt);
	}

	/** The months the level existed in, of those given. */
	static List<TimeRange> since(List<TimeRange> periods, OffsetDateTime createdAt) {
		List<TimeRange> since = new ArrayList<>();
		periods.stream().filter(period -> !beforeCreation(period, createdAt)).forEach(since::add);
		return since;
	}

	/**
	 * The account and id of the APM application a guid names, or empty for any other
	 * entity: guids are base64 of {@code <accountId>|APM|APPLICATION|<id>}.
	 */
	static Optional<ApplicationKey> application(String guid) {
		if (guid == null) {
			return Optional.empty();
		}
		try {
			String[] parts = new String(Base64.getDecoder().decode(guid.strip()), StandardCharsets.UTF_8).split("\\|");
			if (parts.length != 4 || !"APM".equals(parts[1]) || !"APPLICATION".equals(parts[2])) {
				return Optional.empty();
			}
			return Optional.of(new ApplicationKey(Long.parseLong(parts[0]), Long.parseLong(parts[3])));
		}
		catch (IllegalArgumentException ex) {
			// not a guid of the vendor's form: no application of the report's
			return Optional.empty();
		}
	}

	/** An application's guid, as the vendor writes it. */
	static String guid(long accountId, long applicationId) {
		return Base64.getEncoder()
			.encodeToString((accountId + "|APM|APPLICATION|" + applicationId).getBytes(StandardCharsets.UTF_8));
	}

	/**
	 * An application by its account and id.
	 *
	 * @param accountId its account
	 * @param applicationId its id
	 */
	record ApplicationKey(long accountId, long applicationId) {
	}

}
