package io.apmreports.definition;

/** The files a report can be written as. */
public enum ReportFormat {

	XLSX, CSV

}
