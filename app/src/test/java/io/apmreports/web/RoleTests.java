package io.apmreports.web;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;

import org.junit.jupiter.api.Test;

import io.apmreports.failure.UserFacingException;

/** The roles, each allowing what the one before it allows. */
class RoleTests {

	@Test
	void eachRoleIncludesTheOnesBelowItOnly() {
		assertThat(Role.VIEWER.includes(Role.VIEWER)).isTrue();
		assertThat(Role.VIEWER.includes(Role.LAUNCHER)).isFalse();
		assertThat(Role.LAUNCHER.includes(Role.VIEWER)).isTrue();
		assertThat(Role.LAUNCHER.includes(Role.ADMIN)).isFalse();
		assertThat(Role.ADMIN.includes(Role.LAUNCHER)).isTrue();
	}

	@Test
	void aRoleIsReadAsAFileWritesItAndAnythingElseIsOneLine() {
		assertThat(Role.parse(" Launcher ", "users.ana.role")).isEqualTo(Role.LAUNCHER);
		assertThat(Role.ADMIN.word()).isEqualTo("admin");
		assertThat(Role.ADMIN.authority()).isEqualTo("ROLE_ADMIN");
		assertThatExceptionOfType(UserFacingException.class).isThrownBy(() -> Role.parse("root", "users.ana.role"))
			.withMessage("users.ana.role 'root' is no role: viewer, launcher or admin");
	}

}
