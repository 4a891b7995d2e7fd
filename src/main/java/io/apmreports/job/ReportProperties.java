package io.apmreports.job;

import java.nio.file.Path;

import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * Settings of report runs ({@code report.*}).
 *
 * @param definitions the directory of report definitions
 * @param outputDir where report files go, under {@code <report>/<from>_<to>/}
 * @param chunkSize applications per committed chunk: what a restart may have to fetch again at most
 */
@ConfigurationProperties("report")
public record ReportProperties(@DefaultValue("reports") Path definitions, @DefaultValue("output") Path outputDir,
		@DefaultValue("10") int chunkSize) {
}
