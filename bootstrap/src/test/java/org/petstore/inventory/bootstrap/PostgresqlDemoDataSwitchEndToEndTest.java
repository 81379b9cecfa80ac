package org.petstore.inventory.bootstrap;

import java.util.Map;

/** Demo data switched on and off over a PostgreSQL database. */
class PostgresqlDemoDataSwitchEndToEndTest extends DemoDataSwitchEndToEndTest {

    @Override
    Backend newBackend() {
        return Backend.postgresql();
    }

    @Override
    String[] jdbc(Backend backend) {
        Map<String, Object> properties = backend.properties();
        return new String[] {(String) properties.get("datasources.default.url"),
                (String) properties.get("datasources.default.username"),
                (String) properties.get("datasources.default.password")};
    }
}
