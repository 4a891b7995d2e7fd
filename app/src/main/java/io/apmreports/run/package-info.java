/**
 * What one report run is, as the job repository keeps it: its identifying parameters, the
 * definition it was launched with, its owner, what it leaves for later commands (its
 * files and its failure's line), this process's current run, and the {@code report.*}
 * settings.
 */
package io.apmreports.run;
