package org.petstore.inventory.adapter.persistence.catalogue;

/** The catalogue's dialect interfaces, for the test that checks their {@code @Requires} against the backends. */
public final class CatalogueDialects {

    public static final Class<?> H2 = H2StoreRows.class;
    public static final Class<?> POSTGRESQL = PostgresqlStoreRows.class;

    private CatalogueDialects() {
    }
}
