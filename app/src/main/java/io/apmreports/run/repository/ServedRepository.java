package io.apmreports.run.repository;

/**
 * The process that serves this process the job repository, if another does: once it has
 * gone, whatever the repository failed with (a broken connection, or the pool's timeout
 * for a new one, which H2 refuses) has that cause, which the command line tells as such.
 */
public final class ServedRepository {

	private static volatile Long server;

	private ServedRepository() {
	}

	static void servedBy(Long pid) {
		server = pid;
	}

	/** Whether this process used a repository another served, and that one has gone. */
	public static boolean gone() {
		Long pid = server;
		return pid != null && !ProcessHandle.of(pid).map(ProcessHandle::isAlive).orElse(false);
	}

}
