package io.apmreports.job;

import java.util.Optional;

import net.javacrumbs.shedlock.support.Utils;

/**
 * Which process runs or holds something: {@code host:pid}. On the same host a process id tells at once whether the
 * owner is gone (killed, or the machine rebooted); on another host it proves nothing, and only time does.
 */
final class RunOwner {

	/** A host whose name cannot be found is "unknown" to every node: its process ids prove nothing. */
	private static final String UNKNOWN_HOST = "unknown";

	private RunOwner() {
	}

	/** This process. */
	static String current() {
		return Utils.getHostname() + ":" + ProcessHandle.current().pid();
	}

	/**
	 * The process id of {@code owner} when it was a process of this host, other than this one, that is no longer
	 * alive; empty when it is alive, on another host, this process, or not known.
	 */
	static Optional<Long> deadOnThisHost(String owner) {
		String host = Utils.getHostname() + ":";
		if (owner == null || host.equals(UNKNOWN_HOST + ":") || !owner.startsWith(host) || owner.equals(current())) {
			return Optional.empty();
		}
		long pid;
		try {
			pid = Long.parseLong(owner.substring(host.length()));
		}
		catch (NumberFormatException ex) {
			return Optional.empty();
		}
		return ProcessHandle.of(pid).map(ProcessHandle::isAlive).orElse(false) ? Optional.empty()
				: Optional.of(pid);
	}

}
