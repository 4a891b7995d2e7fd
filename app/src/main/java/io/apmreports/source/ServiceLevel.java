package io.apmreports.source;

import java.time.OffsetDateTime;

/**
 * One service level indicator with its objective, as the vendor defines it.
 *
 * @param accountId the account it belongs to (an SLI belongs to one)
 * @param guid its entity guid ({@code <account>|EXT|SERVICE_LEVEL|<id>})
 * @param name its name
 * @param description its description, or {@code null}
 * @param entityGuid the guid of the entity it is about (an APM application's, for those
 * of the report's applications)
 * @param createdAt when it was created: the vendor holds no figures from before
 * @param targetPct its objective's target, in percent (up to 100); {@code null} without
 * an objective
 * @param windowDays its objective's rolling window in days, or {@code null}
 * @param indicatorNrql {@code resultQueries.indicator.nrql}: the attainment in percent
 * @param goodNrql {@code resultQueries.goodEvents.nrql}
 * @param validNrql {@code resultQueries.validEvents.nrql}
 */
public record ServiceLevel(long accountId, String guid, String name, String description, String entityGuid,
		OffsetDateTime createdAt, Double targetPct, Integer windowDays, String indicatorNrql, String goodNrql,
		String validNrql) {
}
