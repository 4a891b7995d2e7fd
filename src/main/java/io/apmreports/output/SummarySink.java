package io.apmreports.output;

import java.io.IOException;

/** Receives the summary rows one at a time, in report order, so that no writer holds the account in memory. */
public interface SummarySink extends AutoCloseable {

	void accept(SummaryRow row) throws IOException;

	/** Finishes the file; only a sink closed without error has written a complete file. */
	@Override
	void close() throws IOException;

}
