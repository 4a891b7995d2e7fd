package io.apmreports.testing;

import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

/**
 * A process that holds an operating system lock on a file, as H2 holds its database file,
 * until its standard input closes: another process for a test of what the tool does with
 * a file held elsewhere.
 */
public final class FileLockHolder {

	private FileLockHolder() {
	}

	public static void main(String[] args) throws IOException {
		try (FileChannel channel = FileChannel.open(Path.of(args[0]), StandardOpenOption.CREATE,
				StandardOpenOption.READ, StandardOpenOption.WRITE); FileLock lock = channel.lock()) {
			System.out.println("locked " + lock.isValid());
			System.out.flush();
			while (System.in.read() >= 0) {
				// holds the lock until the test closes this process's input
			}
		}
	}

}
