package game

import "testing"

// TestRoleIndexFold: names people type or programs send are found
// without case (a sheet's xPlayer as xplayer), the exact spelling first;
// RoleIndex stays exact.
func TestRoleIndexFold(t *testing.T) {
	v := &Variant{Roles: []string{"xPlayer", "oPlayer", "OPLAYER"}}
	for _, tc := range []struct {
		name        string
		exact, fold Role
	}{
		{"xPlayer", 0, 0}, {"xplayer", NoRole, 0}, {"OPLAYER", 2, 2}, {"oplayer", NoRole, 1}, {"z", NoRole, NoRole},
	} {
		if got := v.RoleIndex(tc.name); got != tc.exact {
			t.Errorf("RoleIndex(%q) = %d, want %d", tc.name, got, tc.exact)
		}
		if got := v.RoleIndexFold(tc.name); got != tc.fold {
			t.Errorf("RoleIndexFold(%q) = %d, want %d", tc.name, got, tc.fold)
		}
	}
}
