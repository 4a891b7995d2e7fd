package io.apmreports.web.security;

import org.apache.catalina.core.StandardHost;
import org.apache.catalina.valves.ErrorReportValve;
import org.springframework.boot.autoconfigure.condition.ConditionalOnWebApplication;
import org.springframework.boot.tomcat.servlet.TomcatServletWebServerFactory;
import org.springframework.boot.web.server.WebServerFactoryCustomizer;
import org.springframework.stereotype.Component;

/**
 * The answers Tomcat gives itself, before the console sees a request (a path with an
 * encoded slash, a malformed request line), name no server version and show no report: a
 * status line alone.
 */
@Component
@ConditionalOnWebApplication
class QuietErrors implements WebServerFactoryCustomizer<TomcatServletWebServerFactory> {

	@Override
	public void customize(TomcatServletWebServerFactory factory) {
		factory.addContextCustomizers(context -> {
			if (context.getParent() instanceof StandardHost host) {
				// a host that has a valve of this class adds no default one of its own
				ErrorReportValve valve = new ErrorReportValve();
				valve.setShowReport(false);
				valve.setShowServerInfo(false);
				host.addValve(valve);
			}
		});
	}

}
