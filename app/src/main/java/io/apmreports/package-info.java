/**
 * apm-reports: weekly and monthly APM reports, one room per stage of the data flow. Here
 * only the application class, which depends on none of the rooms.
 */
package io.apmreports;
