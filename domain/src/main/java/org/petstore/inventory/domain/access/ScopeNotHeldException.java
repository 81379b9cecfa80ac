package org.petstore.inventory.domain.access;

import org.petstore.inventory.domain.DomainException;

/** The acting key asked to hand on a scope it does not hold: a key can never grant more than it has. */
public final class ScopeNotHeldException extends DomainException {

    private final Scopes held;
    private final Scopes asked;

    public ScopeNotHeldException(Scopes held, Scopes asked) {
        super("This API key holds " + held + " and cannot grant " + asked + ": a key can only grant scopes it holds");
        this.held = held;
        this.asked = asked;
    }

    public Scopes held() {
        return held;
    }

    public Scopes asked() {
        return asked;
    }
}
