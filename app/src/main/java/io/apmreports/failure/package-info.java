/**
 * What goes wrong, told to a user: the failure a user acts on, a run that could not start
 * or finish, and the walk down a failure's causes; every room below the command line uses
 * it.
 */
package io.apmreports.failure;
