package io.apmreports.testing;

import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * A server on loopback that takes connections and never answers, as a service that hangs
 * does: what a read timeout is tested against. Also the source of a port nobody listens
 * on.
 */
public final class SilentServer implements AutoCloseable {

	private final ServerSocket server;

	private final List<Socket> held = new CopyOnWriteArrayList<>();

	private SilentServer(ServerSocket server) {
		this.server = server;
	}

	public static SilentServer start() throws IOException {
		SilentServer silent = new SilentServer(new ServerSocket(0, 50, InetAddress.getLoopbackAddress()));
		Thread acceptor = new Thread(silent::accept, "silent-server");
		acceptor.setDaemon(true);
		acceptor.start();
		return silent;
	}

	/** A loopback port that was free a moment ago: a connection to it is refused. */
	public static int closedPort() throws IOException {
		try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
			return socket.getLocalPort();
		}
	}

	public int port() {
		return server.getLocalPort();
	}

	private void accept() {
		while (!server.isClosed()) {
			try {
				held.add(server.accept());
			}
			catch (IOException ex) {
				// closed: the server is done
			}
		}
	}

	@Override
	public void close() throws IOException {
		server.close();
		for (Socket socket : held) {
			socket.close();
		}
	}

}
