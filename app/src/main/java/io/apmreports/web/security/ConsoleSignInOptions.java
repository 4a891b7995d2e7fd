package io.apmreports.web.security;

import java.util.ArrayList;
import java.util.List;

import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.autoconfigure.condition.ConditionalOnWebApplication;
import org.springframework.security.oauth2.client.registration.ClientRegistration;
import org.springframework.security.oauth2.client.registration.ClientRegistrationRepository;
import org.springframework.stereotype.Component;

import io.apmreports.web.page.SignInOptions;

/**
 * The login page's choices: the users file's passwords, and each OpenID Connect provider.
 */
@Component
@ConditionalOnWebApplication
class ConsoleSignInOptions implements SignInOptions {

	private final ConsoleUsers users;

	private final ObjectProvider<ClientRegistrationRepository> registrations;

	ConsoleSignInOptions(ConsoleUsers users, ObjectProvider<ClientRegistrationRepository> registrations) {
		this.users = users;
		this.registrations = registrations;
	}

	@Override
	public boolean passwords() {
		return users.any();
	}

	@Override
	public List<Provider> providers() {
		List<Provider> providers = new ArrayList<>();
		if (registrations.getIfAvailable() instanceof Iterable<?> all) {
			for (Object registration : all) {
				if (registration instanceof ClientRegistration client) {
					providers.add(new Provider("/oauth2/authorization/" + client.getRegistrationId(),
							client.getClientName()));
				}
			}
		}
		return providers;
	}

}
