package io.apmreports.testing;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A TCP relay in front of a real server that passes a set number of connections and then
 * hangs up on the rest, as a mail server does when it goes away in the middle of a
 * delivery. Used to make an SMTP failure at an exact message, without a mock.
 */
public final class FlakyRelay implements AutoCloseable {

	private final ServerSocket server;

	private final int targetPort;

	private final AtomicInteger passesLeft = new AtomicInteger(Integer.MAX_VALUE);

	public FlakyRelay(int targetPort) throws IOException {
		this.targetPort = targetPort;
		this.server = new ServerSocket(0, 50, InetAddress.getLoopbackAddress());
		Thread acceptor = new Thread(this::accept, "flaky-relay");
		acceptor.setDaemon(true);
		acceptor.start();
	}

	public int port() {
		return server.getLocalPort();
	}

	/**
	 * Passes the next {@code connections} connections, then hangs up on every one after.
	 */
	public void passOnly(int connections) {
		passesLeft.set(connections);
	}

	/** Passes every connection again. */
	public void passAll() {
		passesLeft.set(Integer.MAX_VALUE);
	}

	private void accept() {
		while (!server.isClosed()) {
			try {
				Socket client = server.accept();
				if (passesLeft.getAndUpdate(left -> left == Integer.MAX_VALUE ? left : left - 1) <= 0) {
					client.close();
					continue;
				}
				relay(client);
			}
			catch (IOException ex) {
				// closed: the relay is done
			}
		}
	}

	private void relay(Socket client) throws IOException {
		try {
			Socket target = new Socket(InetAddress.getLoopbackAddress(), targetPort);
			pipe(client.getInputStream(), target.getOutputStream(), target);
			pipe(target.getInputStream(), client.getOutputStream(), client);
		}
		catch (IOException ex) {
			// the server behind is away: this client is hung up on, the next one tried
			// again
			client.close();
		}
	}

	private static void pipe(InputStream in, OutputStream out, Socket closeWhenDone) {
		Thread thread = new Thread(() -> {
			try (closeWhenDone) {
				in.transferTo(out);
			}
			catch (IOException ex) {
				// the other side hung up: the connection is over
			}
		}, "flaky-relay-pipe");
		thread.setDaemon(true);
		thread.start();
	}

	@Override
	public void close() throws IOException {
		server.close();
	}

}
