package io.apmreports.report;

import java.lang.reflect.Method;
import java.util.Arrays;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class FanoutTests {

	@Test
	void everyCallASinkTakesIsHandedOnByTheFanout() throws NoSuchMethodException {
		// given every call a sink takes
		Method[] calls = ReportSink.class.getMethods();

		// then the fanout hands each on itself: a call left to the sink's default would
		// reach no file (a service-level run once wrote no CSV so)
		for (Method call : calls) {
			Method own = Fanout.class.getMethod(call.getName(), call.getParameterTypes());
			assertThat(own.getDeclaringClass()).as(call.getName() + Arrays.toString(call.getParameterTypes()))
				.isEqualTo(Fanout.class);
		}
	}

}
