package io.apmreports.definition;

/** The files a report can be written as. */
public enum ReportFormat {

	XLSX, CSV,

	/** The overview and the charts, to print or to read on a phone. */
	PDF

}
