package io.apmreports.formula;

/** Where an application's web transaction total time came from. */
public enum WebTimeSource {

	WEB_TRANSACTION_TOTAL_TIME,

	/** Older agents do not report WebTransactionTotalTime; HttpDispatcher stands in. */
	HTTP_DISPATCHER,

	/** No web transactions in the range. */
	NONE

}
