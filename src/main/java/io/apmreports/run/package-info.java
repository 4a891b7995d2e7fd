/**
 * What one report run is, as the job repository keeps it: its identifying parameters, the
 * definition it was launched with, its owner, and the {@code report.*} settings.
 */
package io.apmreports.run;
