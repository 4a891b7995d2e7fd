package io.apmreports.job;

import java.time.Instant;
import java.util.Optional;

import net.javacrumbs.shedlock.support.Utils;

/**
 * Which process runs or holds something: {@code host:pid:start}, the start being the
 * process's start time in epoch milliseconds. On the same host the process id and its
 * start tell at once whether the owner is gone (killed, or the machine or container
 * restarted, where a new process may get the same id, often 1); on another host they
 * prove nothing, and only time does.
 */
public final class RunOwner {

	/**
	 * A host whose name cannot be found is "unknown" to every node: its process ids prove
	 * nothing.
	 */
	private static final String UNKNOWN_HOST = "unknown";

	private RunOwner() {
	}

	/** This process. */
	public static String current() {
		return Utils.getHostname() + ":" + ProcessHandle.current().pid() + ":" + start(ProcessHandle.current());
	}

	/**
	 * When a process started, in epoch milliseconds, or 0 where the system does not say.
	 */
	private static long start(ProcessHandle process) {
		return process.info().startInstant().map(Instant::toEpochMilli).orElse(0L);
	}

	/**
	 * The process id of {@code owner} when it was a process of this host, other than this
	 * one, that is no longer alive; empty when it is alive, on another host, this
	 * process, or not known.
	 */
	public static Optional<Long> deadOnThisHost(String owner) {
		String host = Utils.getHostname() + ":";
		if (owner == null || host.equals(UNKNOWN_HOST + ":") || !owner.startsWith(host) || owner.equals(current())) {
			return Optional.empty();
		}
		String[] process = owner.substring(host.length()).split(":");
		long pid;
		long started;
		try {
			pid = Long.parseLong(process[0]);
			// an owner recorded without its start (an older version) is judged by its id
			// alone
			started = process.length > 1 ? Long.parseLong(process[1]) : 0;
		}
		catch (NumberFormatException ex) {
			return Optional.empty();
		}
		Optional<ProcessHandle> alive = ProcessHandle.of(pid).filter(ProcessHandle::isAlive);
		boolean sameProcess = alive.isPresent()
				&& (started == 0 || start(alive.get()) == 0 || start(alive.get()) == started);
		return sameProcess ? Optional.empty() : Optional.of(pid);
	}

}
