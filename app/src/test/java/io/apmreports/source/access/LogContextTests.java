package io.apmreports.source.access;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.function.Supplier;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.slf4j.MDC;

class LogContextTests {

	private final ExecutorService other = Executors.newSingleThreadExecutor();

	@AfterEach
	void stop() {
		MDC.clear();
		other.shutdownNow();
	}

	@Test
	void aTaskCarriesTheRunOfTheThreadThatMadeItAndLeavesItsThreadAsItWas() throws Exception {
		// given the other thread has a context of its own, and this one a run's
		other.submit(() -> MDC.put("report", "earlier")).get();
		MDC.put("run", "12");
		MDC.put("report", "weekly-performance");
		Supplier<Map<String, String>> seen = LogContext.carried(MDC::getCopyOfContextMap);
		Runnable wrapped = LogContext.wrap(() -> MDC.put("seen", MDC.get("run")));

		// when each runs on the other thread
		Map<String, String> during = CompletableFuture.supplyAsync(seen, other).get();
		other.submit(wrapped).get();
		Map<String, String> after = other.submit(MDC::getCopyOfContextMap).get();

		// then
		assertThat(during).isEqualTo(Map.of("run", "12", "report", "weekly-performance"));
		assertThat(after).isEqualTo(Map.of("report", "earlier"));
	}

}
